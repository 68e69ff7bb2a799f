import { describe, expect, it } from 'vitest';
import { ZOpeningDay } from './settings.ts';

describe('ZOpeningDay', () => {
  it('takes hours that run past midnight (Fri 18:00–02:00) and ordinary ones', () => {
    expect(ZOpeningDay.safeParse({ day: 5, closed: false, open: '18:00', close: '02:00' }).success).toBe(true);
    expect(ZOpeningDay.safeParse({ day: 5, closed: false, open: '11:00', close: '22:00' }).success).toBe(true);
    expect(ZOpeningDay.safeParse({ day: 5, closed: false, open: '00:00', close: '23:59' }).success).toBe(true);
  });

  it('refuses the same open and close time on the close field, unless the day is closed', () => {
    const same = ZOpeningDay.safeParse({ day: 5, closed: false, open: '18:00', close: '18:00' });
    expect(same.success).toBe(false);
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['close', 'validation.open_equals_close']]);
    expect(ZOpeningDay.safeParse({ day: 5, closed: true, open: '18:00', close: '18:00' }).success).toBe(true);
  });
});
