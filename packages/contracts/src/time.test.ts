import { describe, expect, it } from 'vitest';
import { isOpenAt } from './time.ts';

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
