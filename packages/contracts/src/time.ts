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
  return { date: `${parts.year}-${parts.month}-${parts.day}`, day, time: `${parts.hour}:${parts.minute}` };
}

/** The instant at which the wall clock of `timeZone` shows `date` `time` (DST gaps resolve forwards). */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, h, min);
  // The zone's offset at the guess, then once more at the corrected instant (handles the DST edge).
  const offsetAt = (instant: number) => {
    const c = localClock(timeZone, new Date(instant));
    const [cy, cm, cd] = c.date.split('-').map(Number) as [number, number, number];
    const [ch, cmin] = c.time.split(':').map(Number) as [number, number];
    return Date.UTC(cy, cm - 1, cd, ch, cmin) - Math.floor(instant / 60_000) * 60_000;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** Today's opening hours, or null when the restaurant is closed all day. */
export function hoursOn(openingHours: readonly TOpeningDay[], day: number): { open: string; close: string } | null {
  const entry = openingHours.find((d) => d.day === day);
  return entry && !entry.closed ? { open: entry.open, close: entry.close } : null;
}

/**
 * Whether the clock time (HH:MM) falls within a day's hours. Hours end at 23:59 at the latest (a time field has no
 * 24:00), so a day that closes then is open until midnight: a restaurant open 00:00–23:59 is never closed.
 */
export function isOpenAt(hours: { open: string; close: string } | null, time: string): boolean {
  return hours !== null && time >= hours.open && (time < hours.close || hours.close === '23:59');
}

/** Quarter-hour slots from max(open, now rounded up) to close, for "order for later today". */
export function slotsToday(hours: { open: string; close: string } | null, nowTime: string, stepMinutes = 15): string[] {
  if (!hours) return [];
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const start = Math.max(toMin(hours.open), Math.ceil((toMin(nowTime) + 1) / stepMinutes) * stepMinutes);
  const out: string[] = [];
  for (let m = start; m <= toMin(hours.close); m += stepMinutes) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}
