import { MAX_JOINED_TABLES, type TNoTimesReason, type TStayRule } from '@tavolo/contracts/reservations';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { isOvernight, localClock } from '@tavolo/contracts/time';

/**
 * The capacity model of issue #9 as pure functions: which start times of a day have a free table for a
 * party's whole stay, and which tables a booking gets. No database here; the service loads the day's
 * tables and holding bookings (under the restaurant's booking lock) and asks these.
 *
 * Times are minutes after midnight of the booking's date, and a stay must end by the close. Hours whose close is
 * earlier than their open run past midnight (Fri 18:00–02:00): Friday offers starts until midnight whose stay ends by
 * 02:00 (minute 1560 of Friday), Saturday the tail's starts from 00:00 whose stay ends by 02:00.
 */

export interface CapacityTable {
  id: string;
  areaId: string;
  minSeats: number;
  maxSeats: number;
  joinable: boolean;
  active: boolean;
  /** Sort key: area order, then table order (smaller first wins a tie). */
  order: number;
}

/** A booking that holds tables (pending, confirmed or seated) on the date. */
export interface HeldBooking {
  id: string;
  start: number;
  end: number;
  tableIds: readonly string[];
}

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const toClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A party of n stays as long as the first rule with max_guests >= n says; the last rule covers bigger parties. */
export function stayMinutes(rules: readonly TStayRule[], guests: number): number {
  return (rules.find((r) => r.max_guests >= guests) ?? rules.at(-1))!.minutes;
}

/** Whether a weekday's hours reach into the next date (so `previous` of that date has a tail). */
export const hasTail = (previous: TOpeningDay | undefined): previous is TOpeningDay => !!previous && !previous.closed && isOvernight(previous);

/** Whether the date has any reservation hours: its own, or the night before's tail. */
export const isOpenDay = (day: TOpeningDay | undefined, previous?: TOpeningDay) => (!!day && !day.closed) || hasTail(previous);

/** The minute the day's own hours close, past 1440 when they run into the next date. */
export const closeMinute = (day: TOpeningDay) => toMinutes(day.close) + (isOvernight(day) ? 1440 : 0);

/**
 * Start times every `interval` minutes whose stay ends by close: the night before's tail from 00:00 (`previous`,
 * the weekday before), then the day's own from its open, before midnight.
 */
export function slotStarts(day: TOpeningDay | undefined, interval: number, duration: number, previous?: TOpeningDay): number[] {
  const starts: number[] = [];
  if (hasTail(previous)) for (let m = 0; m + duration <= toMinutes(previous.close); m += interval) starts.push(m);
  if (day && !day.closed) {
    const close = closeMinute(day);
    for (let m = toMinutes(day.open); m + duration <= close && m < 1440; m += interval) if (!starts.includes(m)) starts.push(m);
  }
  return starts.sort((a, b) => a - b);
}

/** Active tables not held by any booking overlapping [start, end); `ignore` is the booking being moved. */
export function freeTables(tables: readonly CapacityTable[], held: readonly HeldBooking[], start: number, end: number, ignore?: string): CapacityTable[] {
  const busy = new Set<string>();
  for (const b of held) if (b.id !== ignore && b.start < end && start < b.end) for (const id of b.tableIds) busy.add(id);
  return tables.filter((t) => t.active && !busy.has(t.id));
}

/**
 * The tables a party gets: the smallest single table that seats it; else up to MAX_JOINED_TABLES joinable
 * tables of one area that together seat it, with the fewest empty seats, then the fewest tables. Only tables
 * too small for the party alone are joined (so their minimums are below the party too).
 */
export function pickTables(free: readonly CapacityTable[], guests: number): CapacityTable[] | null {
  const bySize = [...free].sort((a, b) => a.maxSeats - b.maxSeats || a.order - b.order);
  const single = bySize.find((t) => t.minSeats <= guests && guests <= t.maxSeats);
  if (single) return [single];

  let best: CapacityTable[] | null = null;
  let bestScore = Infinity;
  const areas = new Map<string, CapacityTable[]>();
  for (const t of bySize) if (t.joinable && t.maxSeats < guests) areas.set(t.areaId, [...(areas.get(t.areaId) ?? []), t]);
  for (const candidates of areas.values()) {
    const visit = (from: number, chosen: CapacityTable[], seats: number) => {
      if (chosen.length >= 2 && seats >= guests) {
        // Empty seats first, then the number of tables, then the table order.
        const score = (seats - guests) * 100 + chosen.length;
        if (score < bestScore) {
          best = [...chosen];
          bestScore = score;
        }
        return;
      }
      if (chosen.length === MAX_JOINED_TABLES) return;
      for (let i = from; i < candidates.length; i++) visit(i + 1, [...chosen, candidates[i]!], seats + candidates[i]!.maxSeats);
    };
    visit(0, [], 0);
  }
  return best;
}

export interface DayQuestion {
  /** Reservation hours of the booking's weekday. */
  day: TOpeningDay | undefined;
  /** Reservation hours of the weekday before (an overnight tail falls on this date). */
  previous?: TOpeningDay;
  interval: number;
  duration: number;
  guests: number;
  tables: readonly CapacityTable[];
  held: readonly HeldBooking[];
  /** Starts before this minute are not offered (today: now plus the lead time); 0 for a later day. */
  notBefore: number;
}

/**
 * The start times with a free table (or joined tables) for the whole stay. A restaurant that has set up no
 * tables yet takes bookings without a capacity check, so every start within the hours is offered.
 */
export function availableStarts(q: DayQuestion): number[] {
  const starts = slotStarts(q.day, q.interval, q.duration, q.previous).filter((m) => m >= q.notBefore);
  if (!q.tables.some((t) => t.active)) return starts;
  return starts.filter((m) => pickTables(freeTables(q.tables, q.held, m, m + q.duration), q.guests) !== null);
}

/**
 * Where "now plus the lead time" falls for a booking on `date`: past that date → no start (Infinity), on it
 * → that minute, before it → 0.
 */
export function earliestStart(date: string, timeZone: string, leadMinutes: number, now: Date = new Date()): number {
  const earliest = localClock(timeZone, new Date(now.getTime() + leadMinutes * 60_000));
  if (earliest.date > date) return Infinity;
  if (earliest.date < date) return 0;
  return toMinutes(earliest.time) + 1;
}

export interface OnlineLimits {
  today: string;
  lastDate: string;
  maxPartyOnline: number;
}

/** Why an online guest cannot book that day at all, before looking at tables (null: go on). */
export function dayRefusal(date: string, guests: number, day: TOpeningDay | undefined, limits: OnlineLimits, previous?: TOpeningDay): TNoTimesReason | null {
  if (date < limits.today) return 'past';
  if (date > limits.lastDate) return 'too_far';
  if (guests > limits.maxPartyOnline) return 'party_too_large';
  if (!isOpenDay(day, previous)) return 'closed';
  return null;
}
