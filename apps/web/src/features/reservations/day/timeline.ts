import { HOLDING_STATUSES, type TDayBooking, type TDiningArea, type TDiningTable, type TReservationDay } from '@tavolo/contracts/reservations';
import { addDays, isOvernight } from '@tavolo/contracts/time';
import { dateFormat } from '../../../lib/format.ts';

/** Pure layout of the day view: which rows, which time span, where each bar sits. Pixels only here and in the grid. */

export const PX_PER_MINUTE = 2;
export const LANE_HEIGHT = 46;
export const UNASSIGNED = 'unassigned';

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const toClock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const holds = (booking: { status: TDayBooking['status'] }) => HOLDING_STATUSES.includes(booking.status);

/** A booking of the day before, still at its tables after midnight: moved in its own day's view, not this one. */
export const fromDayBefore = (booking: Pick<TDayBooking, 'start_minutes'>) => booking.start_minutes < 0;

/** The bookings a day's summary counts: its own date's that hold a table (not the neighbouring dates' drawn on it). */
export const countedOn = (date: string, bookings: TDayBooking[]) => bookings.filter((b) => b.date === date && holds(b));

export { addDays };

/** The date and clock time of a minute of the view of `viewDate`: from 1440 on, the early hours of the next date. */
export function dateTimeAt(viewDate: string, minutes: number): { date: string; time: string } {
  return { date: minutes >= 24 * 60 ? addDays(viewDate, 1) : viewDate, time: toClock(minutes) };
}

/**
 * Where a booking of `date` at `time` sits in the view of `day` (minutes), or null when it is not in that view: the
 * next date's only before the close of hours that run past midnight.
 */
export function minutesInView(day: Pick<TReservationDay, 'date' | 'hours'>, date: string, time: string): number | null {
  if (date === day.date) return toMinutes(time);
  const night = !day.hours.closed && isOvernight(day.hours);
  if (night && date === addDays(day.date, 1) && time < day.hours.close) return toMinutes(time) + 24 * 60;
  return null;
}

/** The restaurant's calendar day and minute of the day right now. */
export function clockIn(timeZone: string, now = new Date()): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** From the first full hour at or before opening (or the first booking, from midnight) to the full hour after closing (or the last one). */
export function daySpan(day: TReservationDay, bookings: TDayBooking[]): { start: number; end: number } {
  // Hours past midnight (18:00–02:00) end the next morning, minute 1560 of this date.
  const close = toMinutes(day.hours.close) + (day.hours.close < day.hours.open ? 24 * 60 : 0);
  const open = day.hours.closed ? [] : [toMinutes(day.hours.open), close];
  const starts = [...(open.length ? [open[0]!] : []), ...bookings.map((b) => b.start_minutes)];
  const ends = [...(open.length ? [open[1]!] : []), ...bookings.map((b) => b.end_minutes)];
  if (!starts.length) return { start: 12 * 60, end: 22 * 60 };
  // The day before's late stays start before midnight: the view starts at midnight, where their bars come in.
  return { start: Math.max(0, Math.floor(Math.min(...starts) / 60) * 60), end: Math.ceil(Math.max(...ends) / 60) * 60 };
}

export type TimelineRow =
  | { kind: 'area'; key: string; area: TDiningArea }
  | { kind: 'table'; key: string; table: TDiningTable }
  | { kind: 'unassigned'; key: typeof UNASSIGNED };

/** Rows top to bottom: each area's name, then its tables (inactive ones only while they hold a booking), then "Unassigned" when needed. */
export function timelineRows(day: TReservationDay, bookings: TDayBooking[]): TimelineRow[] {
  const used = new Set(bookings.flatMap((b) => b.table_ids));
  const known = new Set(day.areas.flatMap((a) => a.tables.map((t) => t.id)));
  const rows: TimelineRow[] = [];
  for (const area of day.areas) {
    const tables = area.tables.filter((t) => t.active || used.has(t.id));
    if (!tables.length) continue;
    rows.push({ kind: 'area', key: `area-${area.id}`, area });
    for (const table of tables) rows.push({ kind: 'table', key: table.id, table });
  }
  if (bookings.some((b) => !b.table_ids.some((id) => known.has(id)))) rows.push({ kind: 'unassigned', key: UNASSIGNED });
  return rows;
}

export interface PlacedBar {
  booking: TDayBooking;
  lane: number;
}

/**
 * The bars of one row with a lane each: overlapping bars (a released booking under a new one, or several
 * unassigned ones) stack instead of hiding each other.
 */
export function barsOfRow(rowKey: string, bookings: TDayBooking[], knownTables: Set<string>): { bars: PlacedBar[]; lanes: number } {
  const mine = bookings
    .filter((b) => (rowKey === UNASSIGNED ? !b.table_ids.some((id) => knownTables.has(id)) : b.table_ids.includes(rowKey)))
    // Holding bookings first, so they keep the top lane over released ones.
    .sort((a, b) => Number(holds(b)) - Number(holds(a)) || a.start_minutes - b.start_minutes);
  const laneEnds: number[] = [];
  const bars = mine.map((booking) => {
    let lane = laneEnds.findIndex((end) => end <= booking.start_minutes);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = booking.end_minutes;
    return { booking, lane };
  });
  return { bars, lanes: Math.max(1, laneEnds.length) };
}

/** A drag's offset in whole slots, from the view's midnight to `latest` (the last start the view shows). */
export function snappedStart(start: number, dxPixels: number, interval: number, latest: number): number {
  const moved = start + Math.round(dxPixels / PX_PER_MINUTE / interval) * interval;
  return Math.min(Math.max(0, moved), latest);
}

/** The seats of some tables of the day, together: staff may seat a party on fewer (the server allows it), but are told. */
export const seatsOf = (areas: readonly TDiningArea[], tableIds: readonly string[]) =>
  areas.flatMap((area) => area.tables).filter((table) => tableIds.includes(table.id)).reduce((sum, table) => sum + table.max_seats, 0);
