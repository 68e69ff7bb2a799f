import { describe, expect, it } from 'vitest';
import type { TOrderTotals } from '@tavolo/contracts/orders';
import en from '../../locales/en/order-totals.json';
import { groupOptions, rowAmount, totalsRows, wantedAt } from './order-totals-rows.ts';

/** The English strings, interpolated the way i18next does. */
const t = (key: string, params: Record<string, unknown> = {}) => (en as Record<string, string>)[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

const base: TOrderTotals = {
  subtotal_cents: 3280,
  discount_percent: 0,
  discount_cents: 0,
  coupon_code: null,
  coupon_discount_cents: 0,
  delivery_fee_cents: 0,
  delivery_zone_name: null,
  tip_cents: 0,
  tax_cents: 0,
  tax_included: true,
  tax_lines: [],
  total_cents: 3280,
  currency_symbol: '$',
};

const summary = (totals: TOrderTotals, type?: 'pickup' | 'delivery') => totalsRows(totals, t, type).map((r) => `${r.label}|${rowAmount(r, totals.currency_symbol)}|${r.kind}`);

describe('order totals rows', () => {
  it('shows only the subtotal and the total for a plain pickup order', () => {
    expect(summary(base, 'pickup')).toEqual(['Subtotal|$32.80|plain', 'Total|$32.80|total']);
  });

  it('lists discount, coupon, zone fee and tip in order, and tax contained in the total after it', () => {
    const totals: TOrderTotals = {
      ...base,
      discount_percent: 10,
      discount_cents: 328,
      coupon_code: 'WELCOME10',
      coupon_discount_cents: 295,
      delivery_fee_cents: 250,
      delivery_zone_name: 'Centre',
      tip_cents: 266,
      tax_cents: 190,
      tax_lines: [{ name: 'MwSt. 7 %', rate_millipercent: 7000, base_cents: 2907, tax_cents: 190 }],
      total_cents: 3173,
    };
    expect(summary(totals, 'delivery')).toEqual([
      'Subtotal|$32.80|plain',
      'Discount (10%)|−$3.28|minus',
      'Coupon WELCOME10|−$2.95|minus',
      'Delivery fee (Centre)|$2.50|plain',
      'Tip|$2.66|plain',
      'Total|$31.73|total',
      // The rate is in the name already: not repeated.
      'incl. MwSt. 7 %|$1.90|included',
    ]);
  });

  it('adds tax rows above the total when prices exclude tax, with the rate from thousandths of a percent', () => {
    const totals: TOrderTotals = {
      ...base,
      tax_included: false,
      tax_lines: [
        { name: 'Sales tax', rate_millipercent: 8250, base_cents: 2000, tax_cents: 165 },
        { name: '', rate_millipercent: 10000, base_cents: 1280, tax_cents: 128 },
      ],
      total_cents: 3573,
    };
    expect(summary(totals, 'pickup')).toEqual(['Subtotal|$32.80|plain', 'Sales tax 8.25%|$1.65|plain', 'Tax 10%|$1.28|plain', 'Total|$35.73|total']);
  });

  it('shows the delivery fee of a delivery even when free, but not a coupon that took nothing off', () => {
    const rows = summary({ ...base, delivery_zone_name: 'Centre', coupon_code: 'WELCOME10', coupon_discount_cents: 0 }, 'delivery');
    expect(rows).toContain('Delivery fee (Centre)|$0.00|plain');
    expect(rows.some((r) => r.startsWith('Coupon'))).toBe(false);
  });

  it('a delivery before its postal code has a fee still to come, and a total that says it is without it', () => {
    expect(summary(base, 'delivery')).toEqual(['Subtotal|$32.80|plain', 'Delivery fee|by postal code|plain', 'Total before delivery|$32.80|total']);
  });

  it('groups a line’s options by their group, adding up the price changes', () => {
    expect(
      groupOptions([
        { group: 'Size', name: 'Large', price_delta_cents: 300 },
        { group: 'Extras', name: 'Extra mozzarella', price_delta_cents: 150 },
        { group: 'Extras', name: 'Rocket', price_delta_cents: 100 },
      ]),
    ).toEqual([
      { group: 'Size', names: ['Large'], delta: 300 },
      { group: 'Extras', names: ['Extra mozzarella', 'Rocket'], delta: 250 },
    ]);
  });

  it('names the day of a wanted time only when it is not today on the restaurant’s clock', () => {
    const now = new Date('2026-11-25T22:30:00Z');
    // 23:30 in Berlin is still the 25th there.
    expect(wantedAt('2026-11-25T22:30:00Z', 'Europe/Berlin', now).day).toBeNull();
    // 00:15 in Berlin on the 26th is tomorrow there, though the same UTC day.
    expect(wantedAt('2026-11-25T23:15:00Z', 'Europe/Berlin', now).day).toMatch(/Thu/);
    expect(wantedAt('2026-11-25T23:15:00Z', 'Europe/Berlin', now).time).toBe('00:15');
  });
});
