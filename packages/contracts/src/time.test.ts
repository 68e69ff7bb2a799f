import { describe, expect, it } from 'vitest';
import { zCalendarDate } from './validation.ts';
import { dateNear, hasHoursOn, hoursAt, isOpenAt, isOpenNow, isOvernight, localClock, slotsToday, windowsOn, zonedTimeToUtc } from './time.ts';

describe('isOpenAt', () => {
  it('is open from the opening minute up to, not including, the closing minute', () => {
    const hours = { open: '09:00', close: '22:00' };
    expect(['09:00', '12:30', '21:59'].map((time) => isOpenAt(hours, time))).toEqual([true, true, true]);
    expect(['00:00', '08:59', '22:00', '23:59'].map((time) => isOpenAt(hours, time))).toEqual([false, false, false, false]);
  });

  it('a day closing at 23:59 (the latest a time field allows) is open until midnight', () => {
    const allDay = { open: '00:00', close: '23:59' };
    expect(['00:00', '12:00', '23:58', '23:59'].every((time) => isOpenAt(allDay, time))).toBe(true);
  });

  it('a day without hours is closed', () => {
    expect(isOpenAt(null, '12:00')).toBe(false);
  });
});

// Fri 18:00–02:00 (a bar), Sat closed, the rest 11:00–22:00.
const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 6, open: day === 5 ? '18:00' : '11:00', close: day === 5 ? '02:00' : '22:00' }));

describe('hours past midnight', () => {
  it('a close earlier than the open runs into the next day: open from the open until midnight on the day itself', () => {
    const friday = { open: '18:00', close: '02:00' };
    expect(isOvernight(friday)).toBe(true);
    expect(isOvernight({ open: '09:00', close: '22:00' })).toBe(false);
    expect(isOvernight({ open: '00:00', close: '23:59' })).toBe(false);
    expect(['18:00', '23:00', '23:59'].map((time) => isOpenAt(friday, time))).toEqual([true, true, true]);
    // Before the open on the same date it is closed (01:00 on Friday belongs to Thursday's hours).
    expect(['01:00', '17:59'].map((time) => isOpenAt(friday, time))).toEqual([false, false]);
  });

  it('open now counts the previous day’s tail: Saturday 01:00 is open when Friday runs to 02:00', () => {
    expect(isOpenNow(week, 6, '00:00')).toBe(true);
    expect(isOpenNow(week, 6, '01:59')).toBe(true);
    expect(isOpenNow(week, 6, '02:00')).toBe(false);
    expect(isOpenNow(week, 6, '12:00')).toBe(false);
    expect(isOpenNow(week, 5, '01:00')).toBe(false);
    expect(isOpenNow(week, 5, '23:30')).toBe(true);
    expect(isOpenNow(week, 0, '01:00')).toBe(false);
    // Sunday to Monday wraps around the week.
    const sundayLate = week.map((d) => (d.day === 0 ? { ...d, open: '20:00', close: '03:00' } : d));
    expect(isOpenNow(sundayLate, 1, '02:30')).toBe(true);
  });

  it('the hours in force are yesterday’s during its tail, else the day’s own', () => {
    expect(hoursAt(week, 6, '01:00')).toEqual({ open: '18:00', close: '02:00' });
    expect(hoursAt(week, 6, '03:00')).toBeNull();
    expect(hoursAt(week, 5, '01:00')).toEqual({ open: '18:00', close: '02:00' });
    expect(hoursAt(week, 4, '12:00')).toEqual({ open: '11:00', close: '22:00' });
  });

  it('a date’s open stretches: the previous day’s tail, then its own hours up to midnight', () => {
    expect(windowsOn(week, 6).map(({ start, end, tail }) => ({ start, end, tail }))).toEqual([{ start: 0, end: 120, tail: true }]);
    expect(windowsOn(week, 5).map(({ start, end, tail }) => ({ start, end, tail }))).toEqual([{ start: 18 * 60, end: 1440, tail: false }]);
    expect(windowsOn(week, 4).map(({ start, end }) => [start, end])).toEqual([[11 * 60, 22 * 60]]);
    const both = week.map((d) => (d.day === 6 ? { ...d, closed: false, open: '18:00', close: '03:00' } : d));
    expect(windowsOn(both, 6).map(({ start, end }) => [start, end])).toEqual([
      [0, 120],
      [18 * 60, 1440],
    ]);
  });

  it('a closed day after an overnight one still has hours (the tail); a closed day after an ordinary one has none', () => {
    expect(hasHoursOn(week, 6)).toBe(true);
    expect(hasHoursOn(week.map((d) => (d.day === 5 ? { ...d, close: '23:59' } : d)), 6)).toBe(false);
    expect(hasHoursOn(week.map((d) => (d.day === 5 ? { ...d, closed: true } : d)), 6)).toBe(false);
    expect(hasHoursOn(week, 4)).toBe(true);
  });

  it('an overnight day offers today’s slots up to midnight', () => {
    expect(slotsToday({ open: '18:00', close: '02:00' }, '23:10').slice(-2)).toEqual(['23:30', '23:45']);
  });
});

describe('dateNear', () => {
  it('steps over month and year ends, and has no neighbour past the first and last day a date can name', () => {
    expect(dateNear('2026-12-31', 1)).toBe('2027-01-01');
    expect(dateNear('2028-03-01', -1)).toBe('2028-02-29');
    expect(dateNear('0001-01-02', -1)).toBe('0001-01-01');
    expect(dateNear('0001-01-01', -1)).toBeNull();
    expect(dateNear('9999-12-30', 1)).toBe('9999-12-31');
    expect(dateNear('9999-12-31', 1)).toBeNull();
  });
});

describe('dates of the first century', () => {
  it('are those years on the clock and the calendar, not 1900-1999', () => {
    const at = zonedTimeToUtc('0050-03-01', '12:00', 'UTC');
    expect(at.toISOString()).toBe('0050-03-01T12:00:00.000Z');
    expect(localClock('UTC', at)).toMatchObject({ date: '0050-03-01', time: '12:00' });
    expect(localClock('Europe/Berlin', zonedTimeToUtc('0001-01-01', '00:00', 'Europe/Berlin')).date).toBe('0001-01-01');
  });

  it('a date field takes 0001-01-01 to 9999-12-31 and refuses year 0000 (no database holds it) and days that do not exist', () => {
    const date = zCalendarDate('x.date');
    expect(['0001-01-01', '9999-12-31', ' 2028-02-29 '].map((v) => date.safeParse(v).success)).toEqual([true, true, true]);
    const refused = ['0000-01-01', '0000-12-31', '2026-02-29', '2026-13-01', '26-01-01', '+02026-01-01'].map((v) => date.safeParse(v).error?.issues[0]?.message);
    expect(refused).toEqual(Array(6).fill('x.date'));
  });
});
