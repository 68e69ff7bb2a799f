import { describe, expect, it } from 'vitest';
import { asapSlot, type TimingContext } from './timing.ts';

const settings = { asap_enabled: true, scheduled_enabled: true, lead_time_minutes: 20, slot_interval_minutes: 15, days_ahead: 3, max_orders_per_slot: null };
const every = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open, close }));
const at = (iso: string, openingHours = every('00:00', '23:59')): TimingContext => ({ settings, openingHours, timeZone: 'UTC', now: new Date(iso) });

describe('asapSlot', () => {
  it('a kitchen open 00:00–23:59 takes orders in the last minute of the day too (open around the clock)', () => {
    for (const now of ['2026-06-10T23:58:30Z', '2026-06-10T23:59:00Z', '2026-06-10T23:59:59Z', '2026-06-11T00:00:00Z']) {
      expect(asapSlot(at(now), new Map()), now).not.toHaveProperty('closed');
    }
  });

  it('any other closing time closes the kitchen at that minute', () => {
    const hours = every('09:00', '22:00');
    expect(asapSlot(at('2026-06-10T21:59:00Z', hours), new Map())).not.toHaveProperty('closed');
    expect(asapSlot(at('2026-06-10T22:00:00Z', hours), new Map())).toEqual({ closed: { open: '09:00', close: '22:00' } });
    expect(asapSlot(at('2026-06-10T08:59:00Z', hours), new Map())).toEqual({ closed: { open: '09:00', close: '22:00' } });
  });

  it('a day closed all day says so without hours', () => {
    const hours = every('09:00', '22:00').map((d) => ({ ...d, closed: true }));
    expect(asapSlot(at('2026-06-10T12:00:00Z', hours), new Map())).toEqual({ closed: null });
  });
});
