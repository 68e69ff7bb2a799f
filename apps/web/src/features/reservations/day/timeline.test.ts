import { describe, expect, it } from 'vitest';
import type { TDayBooking, TReservationDay } from '@tavolo/contracts/reservations';
import { UNASSIGNED, addDays, barsOfRow, clockIn, countedOn, dateTimeAt, daySpan, fromDayBefore, minutesInView, snappedStart, timelineRows } from './timeline.ts';

const table = (id: string, active = true) => ({ id, area_id: 'a', name: id.toUpperCase(), min_seats: 1, max_seats: 4, joinable: false, active, position: 0 });

const day = (hours: TReservationDay['hours']): TReservationDay => ({
  date: '2026-11-24',
  hours,
  slot_interval_minutes: 15,
  areas: [
    { id: 'a', name: 'Main room', position: 0, tables: [table('t1'), table('t2'), table('old', false)] },
    { id: 'b', name: 'Empty', position: 1, tables: [] },
  ],
  bookings: [],
});

const booking = (id: string, start: number, minutes: number, tableIds: string[], status: TDayBooking['status'] = 'confirmed'): TDayBooking => ({
  id,
  date: '2026-11-24',
  full_name: id,
  phone: '',
  email: '',
  guests: 2,
  time: '',
  end_time: '',
  start_minutes: start,
  end_minutes: start + minutes,
  duration_minutes: minutes,
  status,
  source: 'online',
  table_ids: tableIds,
  message: '',
});

const OPEN = { day: 2, closed: false, open: '12:00', close: '22:30' };

describe('day view layout', () => {
  it('lists each area with its active tables, a switched-off table only while it holds a booking, and "Unassigned" only when needed', () => {
    const keys = (bookings: TDayBooking[]) => timelineRows(day(OPEN), bookings).map((row) => row.key);
    expect(keys([booking('x', 720, 90, ['t1'])])).toEqual(['area-a', 't1', 't2']);
    expect(keys([booking('x', 720, 90, ['old']), booking('y', 720, 90, [])])).toEqual(['area-a', 't1', 't2', 'old', UNASSIGNED]);
  });

  it('spans whole hours from opening (or an earlier booking) to closing (or a later one)', () => {
    expect(daySpan(day(OPEN), [])).toEqual({ start: 720, end: 1380 });
    expect(daySpan(day(OPEN), [booking('late', 1350, 120, ['t1']), booking('early', 650, 60, ['t2'])])).toEqual({ start: 600, end: 1500 });
    expect(daySpan(day({ ...OPEN, closed: true }), [booking('x', 1140, 90, ['t1'])])).toEqual({ start: 1140, end: 1260 });
    // Open until 02:00 the next morning (#3): the span runs past midnight.
    expect(daySpan(day({ ...OPEN, open: '18:00', close: '02:00' }), [])).toEqual({ start: 1080, end: 1560 });
    // The day before's stay until 01:30 (minutes -30 to 90): the view starts at midnight, not the evening before.
    expect(daySpan(day({ ...OPEN, open: '00:00', close: '02:00' }), [booking('yesterday', -30, 120, ['t1'])])).toEqual({ start: 0, end: 120 });
  });

  it("counts in a day's summary only its own date's bookings that hold a table; the day before's late stay is not moved here", () => {
    const yesterday = { ...booking('yesterday', -30, 120, ['t1']), date: '2026-11-23' };
    const tomorrow = { ...booking('tomorrow', 1470, 60, ['t2']), date: '2026-11-25' };
    const bookings = [yesterday, booking('own', 1200, 90, ['t1']), booking('cancelled', 1200, 90, ['t2'], 'cancelled'), tomorrow];
    expect(countedOn('2026-11-24', bookings).map((b) => b.id)).toEqual(['own']);
    expect(bookings.map(fromDayBefore)).toEqual([true, false, false, false]);
  });

  it('stacks overlapping bars of one row in lanes, holding bookings on top, and joined tables show the booking on each', () => {
    const bookings = [booking('cancelled', 720, 120, ['t1'], 'cancelled'), booking('held', 750, 90, ['t1', 't2']), booking('after', 840, 60, ['t1'])];
    const known = new Set(['t1', 't2']);
    const t1 = barsOfRow('t1', bookings, known);
    expect(t1.lanes).toBe(2);
    expect(t1.bars.map((bar) => [bar.booking.id, bar.lane])).toEqual([
      ['held', 0],
      ['after', 0],
      ['cancelled', 1],
    ]);
    expect(barsOfRow('t2', bookings, known).bars.map((bar) => bar.booking.id)).toEqual(['held']);
    expect(barsOfRow(UNASSIGNED, [booking('lost', 720, 60, ['gone'])], known).bars.map((bar) => bar.booking.id)).toEqual(['lost']);
  });

  it('snaps a drag to whole slots within the day', () => {
    // 2 px a minute: 50 px is 25 minutes, nearest 15-minute slot is 30.
    expect(snappedStart(720, 50, 15, 1425)).toBe(750);
    expect(snappedStart(720, -20, 15, 1425)).toBe(705);
    expect(snappedStart(30, -400, 15, 1425)).toBe(0);
    expect(snappedStart(1400, 400, 15, 1425)).toBe(1425);
    // A night until 02:00 (the view ends at 26:00): past midnight, up to its last slot.
    expect(snappedStart(1400, 200, 15, 1545)).toBe(1505);
    expect(snappedStart(1400, 400, 15, 1545)).toBe(1545);
  });

  it("places a night's minutes past 24:00 on the next date, and only the night's early hours of that date in the view", () => {
    expect(dateTimeAt('2026-11-27', 23 * 60 + 30)).toEqual({ date: '2026-11-27', time: '23:30' });
    expect(dateTimeAt('2026-11-27', 24 * 60)).toEqual({ date: '2026-11-28', time: '00:00' });
    expect(dateTimeAt('2026-11-30', 25 * 60 + 15)).toEqual({ date: '2026-12-01', time: '01:15' });
    const friday = { date: '2026-11-27', hours: { day: 5, closed: false, open: '18:00', close: '02:00' } };
    expect(minutesInView(friday, '2026-11-27', '19:00')).toBe(19 * 60);
    expect(minutesInView(friday, '2026-11-28', '01:30')).toBe(25 * 60 + 30);
    // Saturday evening is Saturday's view; so is anything once a day closes before midnight.
    expect(minutesInView(friday, '2026-11-28', '19:00')).toBeNull();
    expect(minutesInView({ ...friday, hours: { ...friday.hours, close: '23:00' } }, '2026-11-28', '01:30')).toBeNull();
    expect(minutesInView(friday, '2026-11-26', '19:00')).toBeNull();
  });

  it('steps days across month ends and reads the restaurant clock in its time zone', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(clockIn('Europe/Berlin', new Date('2026-11-24T23:30:00Z'))).toEqual({ date: '2026-11-25', minutes: 30 });
    expect(clockIn('America/New_York', new Date('2026-11-24T03:05:00Z'))).toEqual({ date: '2026-11-23', minutes: 22 * 60 + 5 });
  });
});
