import { describe, expect, it } from 'vitest';
import { asapSlot, checkRequestedTime, orderDays, type TimingContext } from './timing.ts';

const settings = { asap_enabled: true, scheduled_enabled: true, lead_time_minutes: 20, slot_interval_minutes: 15, days_ahead: 3, max_orders_per_slot: null };
const every = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open, close }));
const at = (iso: string, openingHours = every('00:00', '23:59')): TimingContext => ({ settings, openingHours, timeZone: 'UTC', now: new Date(iso) });

describe('asapSlot', () => {
  it('a kitchen open 00:00–23:59 takes orders in the last minute of the day too (open around the clock)', () => {
    for (const now of ['2026-06-10T23:58:30Z', '2026-06-10T23:59:00Z', '2026-06-10T23:59:59Z', '2026-06-11T00:00:00Z']) {
      expect(asapSlot(at(now), new Map()), now).not.toHaveProperty('closed');
    }
  });

  it('any other closing time closes the kitchen at that minute, and takes its last orders the preparation time before', () => {
    const hours = every('09:00', '22:00');
    // 20 minutes to prepare: an order at 21:40 is ready at closing time, one at 21:41 would be ready after it.
    expect(asapSlot(at('2026-06-10T21:40:00Z', hours), new Map())).toEqual({ at: new Date('2026-06-10T22:00:00Z'), full: false });
    expect(asapSlot(at('2026-06-10T21:41:00Z', hours), new Map())).toEqual({ lastOrders: '21:40' });
    expect(asapSlot(at('2026-06-10T21:59:00Z', hours), new Map())).toEqual({ lastOrders: '21:40' });
    expect(() => checkRequestedTime(at('2026-06-10T21:45:00Z', hours), new Map(), undefined, null)).toThrow(expect.objectContaining({ message: 'ordering.checkout.last_orders', params: { time: '21:40', minutes: 20 } }));
    expect(asapSlot(at('2026-06-10T22:00:00Z', hours), new Map())).toEqual({ closed: { open: '09:00', close: '22:00' } });
    expect(asapSlot(at('2026-06-10T08:59:00Z', hours), new Map())).toEqual({ closed: { open: '09:00', close: '22:00' } });
  });

  it('a day closed all day says so without hours', () => {
    const hours = every('09:00', '22:00').map((d) => ({ ...d, closed: true }));
    expect(asapSlot(at('2026-06-10T12:00:00Z', hours), new Map())).toEqual({ closed: null });
  });
});

// 2026-06-12 is a Friday: a bar open Fri 18:00–02:00 (into Saturday), closed on Saturday, 11:00–22:00 otherwise.
const bar = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 6, open: day === 5 ? '18:00' : '11:00', close: day === 5 ? '02:00' : '22:00' }));

describe('hours past midnight', () => {
  it('ASAP at Sat 01:00 is taken (Friday’s hours run to 02:00), at 02:00 the kitchen is closed', () => {
    expect(asapSlot(at('2026-06-13T01:00:00Z', bar), new Map())).toEqual({ at: new Date('2026-06-13T01:30:00Z'), full: false });
    // The last order the kitchen can have ready by closing counts against the closing time itself; later ones wait.
    expect(asapSlot(at('2026-06-13T01:40:00Z', bar), new Map())).toEqual({ at: new Date('2026-06-13T02:00:00Z'), full: false });
    expect(asapSlot(at('2026-06-13T01:50:00Z', bar), new Map())).toEqual({ lastOrders: '01:40' });
    expect(asapSlot(at('2026-06-13T02:00:00Z', bar), new Map())).toEqual({ closed: null });
    // Friday before midnight: a late order counts against the first slot after midnight, not Friday's close.
    expect(asapSlot(at('2026-06-12T23:50:00Z', bar), new Map())).toEqual({ at: new Date('2026-06-13T00:15:00Z'), full: false });
    // Friday 01:00 is Thursday night, and Thursday closed at 22:00.
    expect(asapSlot(at('2026-06-12T01:00:00Z', bar), new Map())).toEqual({ closed: { open: '18:00', close: '02:00' } });
  });

  it('a Saturday offers Friday’s tail (00:00–02:00) and Friday its own hours up to midnight', () => {
    const days = orderDays(at('2026-06-12T12:00:00Z', bar), new Map());
    const friday = days.find((d) => d.date === '2026-06-12')!.slots.map((s) => s.time);
    const saturday = days.find((d) => d.date === '2026-06-13')!.slots.map((s) => s.time);
    expect([friday[0], friday.at(-1)]).toEqual(['18:00', '23:45']);
    expect(saturday).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45', '02:00']);
    // At Sat 01:00 today's slots start after the lead time.
    expect(orderDays(at('2026-06-13T01:00:00Z', bar), new Map())[0]).toMatchObject({ date: '2026-06-13', slots: [{ time: '01:30' }, { time: '01:45' }, { time: '02:00' }] });
  });

  it('a scheduled Sat 01:30 is accepted, 02:30 is outside the hours; Friday 01:00 belongs to Thursday and is refused', () => {
    const ctx = at('2026-06-12T12:00:00Z', bar);
    expect(checkRequestedTime(ctx, new Map(), '2026-06-13', '01:30').requestedTime).toEqual(new Date('2026-06-13T01:30:00Z'));
    expect(checkRequestedTime(ctx, new Map(), '2026-06-12', '23:45').requestedTime).toEqual(new Date('2026-06-12T23:45:00Z'));
    expect(() => checkRequestedTime(ctx, new Map(), '2026-06-13', '02:30')).toThrow(expect.objectContaining({ params: { open: '00:00', close: '02:00' } }));
    expect(() => checkRequestedTime(ctx, new Map(), '2026-06-13', '01:40')).toThrow(expect.objectContaining({ message: 'ordering.checkout.not_a_slot' }));
    expect(() => checkRequestedTime(at('2026-06-11T12:00:00Z', bar), new Map(), '2026-06-12', '01:00')).toThrow(expect.objectContaining({ params: { open: '18:00', close: '02:00' } }));
    // ASAP at Sat 01:00 through the same check.
    expect(checkRequestedTime(at('2026-06-13T01:00:00Z', bar), new Map(), undefined, null)).toEqual({ requestedTime: null, slotAt: new Date('2026-06-13T01:30:00Z') });
  });
});
