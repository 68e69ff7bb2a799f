import type { TOpeningDay } from './settings.ts';

/** The wall clock of a time zone at `now`: the date, weekday (0 = Sunday) and HH:MM a guest of that restaurant reads. */
// Building a DateTimeFormat is costly and this runs on public storefront reads: one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function localClock(timeZone: string, now: Date = new Date()): { date: string; day: number; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { date: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`, day, time: `${parts.hour}:${parts.minute}` };
}

/** Date.UTC, but years 0-99 are those years, not 1900-1999. */
function utcInstant(year: number, month: number, day: number, hour: number, minute: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, 0, 0);
  return at.getTime();
}

/** The instant at which the wall clock of `timeZone` shows `date` `time` (DST gaps resolve forwards). */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const guess = utcInstant(y, m, d, h, min);
  // The zone's offset at the guess, then once more at the corrected instant (handles the DST edge).
  const offsetAt = (instant: number) => {
    const c = localClock(timeZone, new Date(instant));
    const [cy, cm, cd] = c.date.split('-').map(Number) as [number, number, number];
    const [ch, cmin] = c.time.split(':').map(Number) as [number, number];
    return utcInstant(cy, cm, cd, ch, cmin) - Math.floor(instant / 60_000) * 60_000;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

export type THours = { open: string; close: string };

/** A day's opening hours, or null when the restaurant is closed all that day. */
export function hoursOn(openingHours: readonly TOpeningDay[], day: number): THours | null {
  const entry = openingHours.find((d) => d.day === day);
  return entry && !entry.closed ? { open: entry.open, close: entry.close } : null;
}

/** The weekday before `day` (0 = Sunday). */
export const previousDay = (day: number) => (day + 6) % 7;

/** Hours whose close is earlier than their open run past midnight: Fri 18:00–02:00 is open until Sat 02:00. */
export const isOvernight = (hours: THours | null): boolean => hours !== null && hours.close < hours.open;

/**
 * Whether the clock time (HH:MM) falls within a day's own hours on that same date. Hours end at 23:59 at the
 * latest (a time field has no 24:00), so a day that closes then is open until midnight: a restaurant open
 * 00:00–23:59 is never closed. Overnight hours are open from their open to midnight here; the part after
 * midnight belongs to the next date (isInTail).
 */
export function isOpenAt(hours: THours | null, time: string): boolean {
  return hours !== null && time >= hours.open && (time < hours.close || hours.close === '23:59' || isOvernight(hours));
}

/** Whether the clock time falls in the after-midnight part of the previous day's overnight hours. */
export function isInTail(previousHours: THours | null, time: string): boolean {
  return isOvernight(previousHours) && time < previousHours!.close;
}

/**
 * The hours in force at a weekday's clock time: yesterday's when their overnight tail is still running (Sat 01:00
 * with Fri 18:00–02:00), else that day's own (which may be closed, or not open yet).
 */
export function hoursAt(openingHours: readonly TOpeningDay[], day: number, time: string): THours | null {
  const yesterday = hoursOn(openingHours, previousDay(day));
  return isInTail(yesterday, time) ? yesterday : hoursOn(openingHours, day);
}

/** Whether the restaurant is open at a weekday's clock time, counting the previous day's overnight tail. */
export function isOpenNow(openingHours: readonly TOpeningDay[], day: number, time: string): boolean {
  return isInTail(hoursOn(openingHours, previousDay(day)), time) || isOpenAt(hoursOn(openingHours, day), time);
}

/** Whether a weekday has any open time: its own hours, or the previous day's overnight tail (Sat after Fri 18:00–02:00). */
export function hasHoursOn(openingHours: readonly TOpeningDay[], day: number): boolean {
  return hoursOn(openingHours, day) !== null || isOvernight(hoursOn(openingHours, previousDay(day)));
}

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * The stretches of one calendar weekday the restaurant is open, in minutes after its midnight, in order: the
 * previous day's overnight tail (0 up to its close), then the day's own hours (its open up to its close, or up to
 * midnight, 1440, when they run past it). `end` is the closing minute itself (a slot may fall on it).
 */
export function windowsOn(openingHours: readonly TOpeningDay[], day: number): { start: number; end: number; hours: THours; tail: boolean }[] {
  const out: { start: number; end: number; hours: THours; tail: boolean }[] = [];
  const yesterday = hoursOn(openingHours, previousDay(day));
  if (isOvernight(yesterday)) out.push({ start: 0, end: toMin(yesterday!.close), hours: yesterday!, tail: true });
  const today = hoursOn(openingHours, day);
  if (today) out.push({ start: toMin(today.open), end: isOvernight(today) ? 1440 : toMin(today.close), hours: today, tail: false });
  return out;
}

/** Quarter-hour slots from max(open, now rounded up) to close, for "order for later today" (overnight: until midnight). */
export function slotsToday(hours: THours | null, nowTime: string, stepMinutes = 15): string[] {
  if (!hours) return [];
  const start = Math.max(toMin(hours.open), Math.ceil((toMin(nowTime) + 1) / stepMinutes) * stepMinutes);
  const end = isOvernight(hours) ? 1440 - 1 : toMin(hours.close);
  const out: string[] = [];
  for (let m = start; m <= end; m += stepMinutes) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/** YYYY-MM-DD plus some days (calendar arithmetic, no time zone involved). */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The date some days from `date`, or null past the dates a date field can name (0001-01-01 to 9999-12-31): the
 * neighbours of the first and last day (year 0, year 10000) are no dates the database or addDays can write.
 */
export function dateNear(date: string, days: number): string | null {
  const near = addDays(date, days);
  return /^\d{4}-\d{2}-\d{2}$/.test(near) && near >= '0001-01-01' ? near : null;
}
