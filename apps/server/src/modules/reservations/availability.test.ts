import { describe, expect, it } from 'vitest';
import { DEFAULT_RESERVATION_SETTINGS } from '@tavolo/contracts/reservations';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import {
  availableStarts,
  dayRefusal,
  earliestStart,
  freeTables,
  pickTables,
  slotStarts,
  stayMinutes,
  toClock,
  toMinutes,
  type CapacityTable,
  type DayQuestion,
  type HeldBooking,
} from './availability.ts';

const day = (open: string, close: string, closed = false): TOpeningDay => ({ day: 2, open, close, closed });
const clocks = (minutes: number[]) => minutes.map(toClock);

/** Tables as `name:area:min-max[:j][:off]`, in the order given. */
const tables = (...specs: string[]): CapacityTable[] =>
  specs.map((spec, order) => {
    const [id, areaId, seats, ...flags] = spec.split(':') as [string, string, string, ...string[]];
    const [minSeats, maxSeats] = seats.split('-').map(Number) as [number, number];
    return { id, areaId, minSeats, maxSeats, joinable: flags.includes('j'), active: !flags.includes('off'), order };
  });
const held = (id: string, start: string, end: string, ...tableIds: string[]): HeldBooking => ({ id, start: toMinutes(start), end: toMinutes(end), tableIds });
const ids = (picked: CapacityTable[] | null) => picked?.map((t) => t.id) ?? null;

describe('clock arithmetic', () => {
  it.each([
    ['00:00', 0],
    ['09:05', 545],
    ['23:59', 1439],
  ])('%s is %i minutes', (clock, minutes) => {
    expect(toMinutes(clock)).toBe(minutes);
    expect(toClock(minutes)).toBe(clock);
  });
});

describe('stayMinutes: stay length by party size', () => {
  const rules = DEFAULT_RESERVATION_SETTINGS.stay_rules; // <=2: 90, <=6: 120, else 150
  it.each([
    [1, 90],
    [2, 90],
    [3, 120],
    [6, 120],
    [7, 150],
    [50, 150],
  ])('a party of %i stays %i minutes', (guests, minutes) => expect(stayMinutes(rules, guests)).toBe(minutes));

  it('the last rule covers parties above every rule', () => {
    expect(stayMinutes([{ max_guests: 4, minutes: 60 }], 12)).toBe(60);
  });
});

describe('slotStarts: the interval grid from open, while the stay ends by close', () => {
  it.each([
    { name: '30-minute grid, 90-minute stay', hours: day('12:00', '15:00'), interval: 30, stay: 90, starts: ['12:00', '12:30', '13:00', '13:30'] },
    { name: '15-minute grid, same stay', hours: day('12:00', '14:00'), interval: 15, stay: 90, starts: ['12:00', '12:15', '12:30'] },
    { name: 'a longer stay cuts the late starts', hours: day('12:00', '15:00'), interval: 30, stay: 150, starts: ['12:00', '12:30'] },
    { name: 'an odd opening time starts the grid', hours: day('11:45', '14:00'), interval: 60, stay: 60, starts: ['11:45', '12:45'] },
    { name: 'a stay exactly as long as the day', hours: day('12:00', '14:00'), interval: 20, stay: 120, starts: ['12:00'] },
    { name: 'a stay longer than the day', hours: day('12:00', '13:00'), interval: 10, stay: 90, starts: [] },
    { name: 'a closed day', hours: day('12:00', '22:00', true), interval: 15, stay: 90, starts: [] },
    { name: 'no hours for the weekday', hours: undefined, interval: 15, stay: 90, starts: [] },
  ])('$name', ({ hours, interval, stay, starts }) => {
    expect(clocks(slotStarts(hours, interval, stay))).toEqual(starts);
  });

  // Friday 18:00–02:00 (#3): Friday's starts run to midnight, each stay ending by 02:00; Saturday gets the tail.
  const friday: TOpeningDay = { day: 5, open: '18:00', close: '02:00', closed: false };
  it('an overnight day offers starts until midnight whose stay ends by the close the next morning', () => {
    expect(clocks(slotStarts(friday, 60, 120))).toEqual(['18:00', '19:00', '20:00', '21:00', '22:00', '23:00']);
    expect(clocks(slotStarts(friday, 30, 90)).slice(-2)).toEqual(['23:00', '23:30']);
  });

  it('the next date offers the tail from 00:00, each stay ending by the close; then its own hours', () => {
    expect(clocks(slotStarts(undefined, 30, 90, friday))).toEqual(['00:00', '00:30']);
    expect(clocks(slotStarts({ day: 6, open: '18:00', close: '22:00', closed: true }, 30, 60, friday))).toEqual(['00:00', '00:30', '01:00']);
    expect(clocks(slotStarts({ day: 6, open: '12:00', close: '14:00', closed: false }, 60, 60, friday))).toEqual(['00:00', '01:00', '12:00', '13:00']);
    // A stay longer than the tail: nothing after midnight.
    expect(slotStarts(undefined, 30, 150, friday)).toEqual([]);
    // A day that closes before midnight has no tail.
    expect(slotStarts(undefined, 30, 60, day('18:00', '23:59'))).toEqual([]);
  });
});

describe('freeTables', () => {
  const room = tables('A:main:1-2', 'B:main:1-4', 'C:main:1-4:off');

  it.each([
    { name: 'a booking that overlaps takes its table', busy: [held('x', '19:00', '20:30', 'A')], from: '20:00', to: '21:30', free: ['B'] },
    { name: 'one that ends at the start does not', busy: [held('x', '18:00', '19:30', 'A')], from: '19:30', to: '21:00', free: ['A', 'B'] },
    { name: 'one that starts at the end does not', busy: [held('x', '21:00', '22:00', 'A')], from: '19:30', to: '21:00', free: ['A', 'B'] },
    { name: 'joined tables are all taken', busy: [held('x', '19:00', '21:00', 'A', 'B')], from: '19:30', to: '20:00', free: [] },
    { name: 'inactive tables are never free', busy: [], from: '12:00', to: '13:00', free: ['A', 'B'] },
  ])('$name', ({ busy, from, to, free }) => {
    expect(freeTables(room, busy, toMinutes(from), toMinutes(to)).map((t) => t.id)).toEqual(free);
  });

  it('the booking being moved does not block itself', () => {
    expect(freeTables(room, [held('me', '19:00', '21:00', 'A')], toMinutes('19:00'), toMinutes('21:00'), 'me').map((t) => t.id)).toEqual(['A', 'B']);
  });
});

describe('pickTables', () => {
  it.each([
    { name: 'the smallest single table that seats the party', room: ['big:main:1-6', 'four:main:1-4', 'two:main:1-2'], guests: 3, picked: ['four'] },
    { name: 'a tie goes to the earlier table', room: ['x:main:1-4', 'y:main:1-4'], guests: 4, picked: ['x'] },
    { name: 'a table whose minimum is above the party is skipped', room: ['six:main:4-6', 'two:main:1-2', 'eight:main:1-8'], guests: 3, picked: ['eight'] },
    { name: 'joined only when no single table fits', room: ['a:main:1-4:j', 'b:main:1-4:j', 'six:main:1-6'], guests: 6, picked: ['six'] },
    { name: 'joined tables for a party no table seats', room: ['a:main:1-4:j', 'b:main:1-4:j', 'c:main:1-2:j'], guests: 6, picked: ['c', 'a'] },
    { name: 'the join with the fewest empty seats', room: ['a:main:1-4:j', 'b:main:1-4:j', 'c:main:1-2:j', 'd:main:1-2:j'], guests: 8, picked: ['a', 'b'] },
    { name: 'at most three tables joined', room: ['a:main:1-2:j', 'b:main:1-2:j', 'c:main:1-2:j', 'd:main:1-2:j'], guests: 7, picked: null },
    { name: 'only within one area', room: ['a:main:1-4:j', 'b:terrace:1-4:j'], guests: 8, picked: null },
    { name: 'never with a table that is not joinable', room: ['a:main:1-4:j', 'b:main:1-4'], guests: 8, picked: null },
    { name: 'fewer tables win at equal empty seats', room: ['a:main:1-2:j', 'b:main:1-2:j', 'c:main:1-2:j', 'd:main:1-4:j'], guests: 6, picked: ['a', 'd'] },
    { name: 'nothing when nothing fits', room: ['a:main:1-2'], guests: 3, picked: null },
  ])('$name', ({ room, guests, picked }) => {
    expect(ids(pickTables(tables(...room), guests))).toEqual(picked);
  });
});

describe('earliestStart: the lead time', () => {
  // 10:00 UTC is 11:00 in Berlin in March.
  const now = new Date('2030-03-04T10:00:00Z');
  it.each([
    { name: 'today: now plus the lead time', date: '2030-03-04', lead: 60, minute: toMinutes('12:00') + 1 },
    { name: 'today without a lead time: after now', date: '2030-03-04', lead: 0, minute: toMinutes('11:00') + 1 },
    { name: 'tomorrow with a short lead time: from open', date: '2030-03-05', lead: 120, minute: 0 },
    { name: 'tomorrow with a lead time into tomorrow', date: '2030-03-05', lead: 24 * 60, minute: toMinutes('11:00') + 1 },
    { name: 'the day after with a day of lead time', date: '2030-03-06', lead: 24 * 60, minute: 0 },
    { name: 'today when the lead time passes midnight', date: '2030-03-04', lead: 14 * 60, minute: Infinity },
    { name: 'yesterday', date: '2030-03-03', lead: 0, minute: Infinity },
  ])('$name', ({ date, lead, minute }) => {
    expect(earliestStart(date, 'Europe/Berlin', lead, now)).toBe(minute);
  });
});

describe('availableStarts', () => {
  const base: DayQuestion = {
    day: day('18:00', '22:00'),
    interval: 30,
    duration: 120,
    guests: 2,
    tables: tables('A:main:1-2', 'B:main:1-4:j', 'C:main:1-4:j'),
    held: [],
    notBefore: 0,
  };
  const starts = (q: Partial<DayQuestion>) => clocks(availableStarts({ ...base, ...q }));

  it.each([
    { name: 'every start while a table is free', q: {}, times: ['18:00', '18:30', '19:00', '19:30', '20:00'] },
    { name: 'the lead time removes the early starts', q: { notBefore: toMinutes('18:31') }, times: ['19:00', '19:30', '20:00'] },
    { name: 'a booked table still leaves the others', q: { held: [held('x', '18:00', '20:00', 'A')] }, times: ['18:00', '18:30', '19:00', '19:30', '20:00'] },
    {
      name: 'all tables booked around 19:00 remove the overlapping starts',
      q: { held: [held('x', '19:00', '21:00', 'A'), held('y', '19:00', '21:00', 'B', 'C')] },
      times: [],
    },
    { name: 'a big party needs the joined tables', q: { guests: 8, held: [held('x', '20:00', '22:00', 'B')] }, times: ['18:00'] },
    { name: 'switched-off tables are not offered', q: { guests: 4, tables: tables('A:main:1-2', 'B:main:1-4:off') }, times: [] },
    { name: 'no active tables: every start within the hours', q: { guests: 30, tables: tables('B:main:1-4:off') }, times: ['18:00', '18:30', '19:00', '19:30', '20:00'] },
    { name: 'no tables at all: the same', q: { guests: 30, tables: [] }, times: ['18:00', '18:30', '19:00', '19:30', '20:00'] },
    { name: 'closing time cuts the late starts of a long stay', q: { duration: 180 }, times: ['18:00', '18:30', '19:00'] },
    {
      // The night before's 23:30 booking of 90 minutes, as held() gives it in this date's minutes: -30 to 60.
      name: 'the night before’s tail, minus a stay that runs past midnight into it',
      q: { day: undefined, previous: day('18:00', '02:00'), duration: 60, tables: tables('A:main:1-2'), held: [{ id: 'x', start: -30, end: 60, tableIds: ['A'] }] },
      times: ['01:00'],
    },
  ])('$name', ({ q, times }) => {
    expect(starts(q)).toEqual(times);
  });
});

describe('dayRefusal', () => {
  const limits = { today: '2030-03-04', lastDate: '2030-04-03', maxPartyOnline: 8 };
  const open = day('12:00', '22:00');
  it.each([
    { name: 'a normal day', date: '2030-03-05', guests: 2, hours: open, reason: null },
    { name: 'today', date: '2030-03-04', guests: 2, hours: open, reason: null },
    { name: 'the last bookable day', date: '2030-04-03', guests: 8, hours: open, reason: null },
    { name: 'yesterday', date: '2030-03-03', guests: 2, hours: open, reason: 'past' },
    { name: 'a day too far ahead', date: '2030-04-04', guests: 2, hours: open, reason: 'too_far' },
    { name: 'a party too large for online', date: '2030-03-05', guests: 9, hours: open, reason: 'party_too_large' },
    { name: 'a closed day', date: '2030-03-05', guests: 2, hours: day('12:00', '22:00', true), reason: 'closed' },
    { name: 'no hours for the weekday', date: '2030-03-05', guests: 2, hours: undefined, reason: 'closed' },
    { name: 'past comes before closed', date: '2030-03-03', guests: 2, hours: undefined, reason: 'past' },
  ])('$name', ({ date, guests, hours, reason }) => {
    expect(dayRefusal(date, guests, hours, limits)).toBe(reason);
  });

  it('a closed day after an overnight one is open for the tail', () => {
    const night = day('18:00', '02:00');
    expect(dayRefusal('2030-03-05', 2, day('12:00', '22:00', true), limits, night)).toBeNull();
    expect(dayRefusal('2030-03-05', 2, undefined, limits, { ...night, closed: true })).toBe('closed');
  });
});
