import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TOrderType } from '@tavolo/contracts/orders';
import { allocate, divRoundHalfUp, priceOrder, type PricedProduct, type PricingLine, type PricingRules } from './pricing.ts';

const pizza: PricedProduct = { id: 'p-pizza', name: 'Pizza', priceCents: 1000, discountPercent: 0, taxRateId: null };
const pasta: PricedProduct = { id: 'p-pasta', name: 'Pasta', priceCents: 999, discountPercent: 15, taxRateId: null };
const beer: PricedProduct = { id: 'p-beer', name: 'Beer', priceCents: 450, discountPercent: 0, taxRateId: 'drinks' };
const large = { id: 'o-large', option: { group: 'Size', name: 'Large', price_delta_cents: 300 } };
const cheese = { id: 'o-cheese', option: { group: 'Extras', name: 'Cheese', price_delta_cents: 150 } };
const small = { id: 'o-small', option: { group: 'Size', name: 'Small', price_delta_cents: -1200 } };

function line(product: PricedProduct, quantity: number, ...choices: { id: string; option: PricingLine['options'][number] }[]): PricingLine {
  return { product, quantity, optionIds: choices.map((c) => c.id).sort(), options: choices.map((c) => c.option) };
}

const base: PricingRules = {
  currencySymbol: '€',
  discountPercent: 0,
  delivery: { feeCents: 0, minOrderCents: 0, zoneName: null },
  coupon: null,
  tip: null,
  taxRates: [],
  pricesIncludeTax: true,
};
const germany = [
  { id: 'food', name: 'MwSt. 7 %', rateMillipercent: 7000, isDefault: true },
  { id: 'drinks', name: 'MwSt. 19 %', rateMillipercent: 19000, isDefault: false },
];

interface Case {
  name: string;
  lines: PricingLine[];
  type?: TOrderType;
  rules?: Partial<PricingRules>;
  expected: Record<string, unknown>;
}

const cases: Case[] = [
  {
    name: 'lines at the discounted unit price, then the restaurant-wide discount, then the fee',
    lines: [line(pizza, 2), line(pasta, 1), line(pizza, 1)],
    type: 'delivery',
    rules: { discountPercent: 10, delivery: { feeCents: 250, minOrderCents: 2000, zoneName: 'Centre' } },
    // 3 x 1000 + 849 (999 - 15 % = 849.15) = 3849; 10 % = 384.9 -> 385; 3464 + 250.
    expected: { subtotal_cents: 3849, discount_cents: 385, delivery_fee_cents: 250, delivery_zone_name: 'Centre', total_cents: 3714, delivery_min_missing_cents: 0 },
  },
  {
    name: 'pickup has no fee and no zone',
    lines: [line(pizza, 1)],
    rules: { delivery: { feeCents: 250, minOrderCents: 2000, zoneName: 'Centre' } },
    expected: { delivery_fee_cents: 0, delivery_zone_name: null, total_cents: 1000, delivery_min_missing_cents: 0 },
  },
  {
    name: 'a small delivery says how much is missing, in dishes at their prices (the restaurant discount does not count against it)',
    lines: [line(pizza, 1)],
    type: 'delivery',
    rules: { discountPercent: 10, delivery: { feeCents: 250, minOrderCents: 2000, zoneName: null } },
    expected: { total_cents: 1150, delivery_min_missing_cents: 1000 },
  },
  {
    name: 'a delivery whose dishes reach the minimum is not short of it after the restaurant discount',
    lines: [line(pizza, 2)],
    type: 'delivery',
    rules: { discountPercent: 10, delivery: { feeCents: 250, minOrderCents: 2000, zoneName: null } },
    expected: { subtotal_cents: 2000, discount_cents: 200, delivery_min_missing_cents: 0 },
  },
  {
    name: 'options add to the unit before the dish discount; the same choices merge, other choices stay apart',
    lines: [line({ ...pizza, discountPercent: 10 }, 1, large, cheese), line({ ...pizza, discountPercent: 10 }, 1, cheese, large), line({ ...pizza, discountPercent: 10 }, 1)],
    // (1000 + 300 + 150) - 10 % = 1305 x 2 = 2610; plain 900.
    expected: { subtotal_cents: 3510, total_cents: 3510 },
  },
  {
    name: 'an option that takes off more than the price makes the unit free, never negative',
    lines: [line(pizza, 2, small)],
    expected: { subtotal_cents: 0, total_cents: 0 },
  },
  {
    name: 'a percentage coupon after the restaurant discount, rounded half up',
    lines: [line(pizza, 3), line(pasta, 1)],
    rules: { discountPercent: 10, coupon: { code: 'SPRING15', kind: 'percent', value: 15, minOrderCents: 0 } },
    // 3464 x 15 % = 519.6 -> 520.
    expected: { coupon_code: 'SPRING15', coupon_discount_cents: 520, total_cents: 2944, coupon_min_missing_cents: 0 },
  },
  {
    name: 'a coupon whose minimum is not met takes nothing off and says what is missing',
    lines: [line(pizza, 1)],
    rules: { coupon: { code: 'BIG5', kind: 'fixed', value: 500, minOrderCents: 2000 } },
    expected: { coupon_code: null, coupon_discount_cents: 0, coupon_min_missing_cents: 1000, total_cents: 1000 },
  },
  {
    name: 'a fixed coupon bigger than the food takes off the food only; the fee stays',
    lines: [line(pizza, 1)],
    type: 'delivery',
    rules: { coupon: { code: 'FREE', kind: 'fixed', value: 5000, minOrderCents: 0 }, delivery: { feeCents: 300, minOrderCents: 0, zoneName: null } },
    expected: { coupon_discount_cents: 1000, total_cents: 300 },
  },
  {
    name: 'a percentage tip on the food after the coupon, rounded half up',
    lines: [line(pizza, 3), line(pasta, 1)],
    rules: { discountPercent: 10, coupon: { code: 'SPRING15', kind: 'percent', value: 15, minOrderCents: 0 }, tip: { kind: 'percent', percent: 10 } },
    // 2944 x 10 % = 294.4 -> 294.
    expected: { tip_cents: 294, total_cents: 3238 },
  },
  {
    name: 'a tip typed as an amount is added as it is',
    lines: [line(pizza, 1)],
    rules: { tip: { kind: 'amount', cents: 333 } },
    expected: { tip_cents: 333, total_cents: 1333 },
  },
  {
    name: 'German VAT contained in the prices, one line per rate; the delivery fee at the default rate',
    lines: [line(pizza, 1), line(beer, 2)],
    type: 'delivery',
    rules: { taxRates: germany, delivery: { feeCents: 250, minOrderCents: 0, zoneName: null } },
    // Food 1000 + 250 = 1250 x 7/107 = 81.78 -> 82; drinks 900 x 19/119 = 143.70 -> 144.
    expected: {
      total_cents: 2150,
      tax_included: true,
      tax_cents: 226,
      tax_lines: [
        { name: 'MwSt. 7 %', rate_millipercent: 7000, base_cents: 1250, tax_cents: 82 },
        { name: 'MwSt. 19 %', rate_millipercent: 19000, base_cents: 900, tax_cents: 144 },
      ],
    },
  },
  {
    name: 'US sales tax added on top; the tip is on the food before tax and untaxed',
    lines: [line({ ...pizza, priceCents: 1299 }, 1), line({ ...pasta, priceCents: 499, discountPercent: 0 }, 2)],
    rules: { pricesIncludeTax: false, taxRates: [{ id: 'ny', name: 'Sales tax', rateMillipercent: 8250, isDefault: true }], tip: { kind: 'percent', percent: 15 } },
    // 2297 x 8.25 % = 189.50 -> 190; tip 2297 x 15 % = 344.55 -> 345.
    expected: { subtotal_cents: 2297, tax_cents: 190, tax_included: false, tip_cents: 345, total_cents: 2832 },
  },
  {
    name: 'a rate with three decimals (New York, 8.875 %)',
    lines: [line({ ...pizza, priceCents: 2297 }, 1)],
    rules: { pricesIncludeTax: false, taxRates: [{ id: 'nyc', name: 'Sales tax', rateMillipercent: 8875, isDefault: true }] },
    // 2297 x 8.875 % = 203.86 -> 204.
    expected: { tax_cents: 204, total_cents: 2501 },
  },
  {
    name: 'the largest possible order stays exact (50 lines x 99 x 100,000.00 at 19 %)',
    lines: Array.from({ length: 50 }, (_, i) => line({ ...pizza, id: `big-${i}`, priceCents: 10_000_000 }, 99)),
    rules: { taxRates: [{ id: 'de', name: 'MwSt.', rateMillipercent: 19000, isDefault: true }] },
    // 49,500,000,000 x 19 / 119 = 7,903,361,344.54 -> 7,903,361,345.
    expected: { subtotal_cents: 49_500_000_000, tax_cents: 7_903_361_345 },
  },
  {
    name: 'order-wide discounts lower each rate in proportion, to the cent',
    lines: [line(pizza, 1), line({ ...beer, priceCents: 500 }, 1)],
    rules: { taxRates: germany, discountPercent: 10, coupon: { code: 'TEN', kind: 'fixed', value: 100, minOrderCents: 0 } },
    // Discounts 150 + 100 = 250 over 1000 : 500 -> 166.67 : 83.33 -> 167 : 83 (largest remainder).
    // Food 833 x 7/107 = 54.50 -> 54 (54.495); drinks 417 x 19/119 = 66.58 -> 67.
    expected: {
      total_cents: 1250,
      tax_cents: 121,
      tax_lines: [
        { name: 'MwSt. 7 %', rate_millipercent: 7000, base_cents: 833, tax_cents: 54 },
        { name: 'MwSt. 19 %', rate_millipercent: 19000, base_cents: 417, tax_cents: 67 },
      ],
    },
  },
  {
    name: 'a 0 % rate shows no tax line; no rates at all charge no tax',
    lines: [line(pizza, 1)],
    rules: { taxRates: [{ id: 'zero', name: 'Exempt', rateMillipercent: 0, isDefault: true }], pricesIncludeTax: false },
    expected: { tax_cents: 0, tax_lines: [], total_cents: 1000 },
  },
  {
    name: 'rounding exactly on the half cent goes up',
    lines: [line({ ...pizza, priceCents: 1050, discountPercent: 50 }, 1), line({ ...pizza, id: 'p-2', priceCents: 5, discountPercent: 50 }, 1)],
    rules: { tip: { kind: 'percent', percent: 50 } },
    // 1050 / 2 = 525; 5 / 2 = 2.5 -> 3; tip 528 / 2 = 264.
    expected: { subtotal_cents: 528, tip_cents: 264, total_cents: 792 },
  },
];

describe('priceOrder', () => {
  it.each(cases)('$name', ({ lines, type = 'pickup', rules, expected }) => {
    expect(priceOrder(lines, type, { ...base, ...rules })).toMatchObject(expected);
  });

  it('keeps each line with its options, names and figures', () => {
    const quote = priceOrder([line(pizza, 2, large, cheese)], 'pickup', base);
    expect(quote.lines).toEqual([
      {
        product_id: 'p-pizza',
        name: 'Pizza',
        options: [large.option, cheese.option],
        option_ids: ['o-cheese', 'o-large'],
        quantity: 2,
        unit_price_cents: 1450,
        discount_percent: 0,
        final_unit_price_cents: 1450,
        line_total_cents: 2900,
      },
    ]);
  });

  it('always adds up: total = food - discounts + fee + tip (+ tax when added), nothing negative', () => {
    const dish = fc.record({ priceCents: fc.integer({ min: 0, max: 100_000 }), discountPercent: fc.integer({ min: 0, max: 100 }), quantity: fc.integer({ min: 1, max: 99 }), drink: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(dish, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.record({ kind: fc.constantFrom('percent' as const, 'fixed' as const), value: fc.integer({ min: 1, max: 100 }) })),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (dishes, discountPercent, coupon, tip, included) => {
          const lines = dishes.map((d, i) => line({ id: `p${i}`, name: `Dish ${i}`, priceCents: d.priceCents, discountPercent: d.discountPercent, taxRateId: d.drink ? 'drinks' : null }, d.quantity));
          const q = priceOrder(lines, 'delivery', {
            ...base,
            discountPercent,
            delivery: { feeCents: 199, minOrderCents: 0, zoneName: null },
            coupon: coupon ? { code: 'X', minOrderCents: 0, ...coupon } : null,
            tip: { kind: 'percent', percent: tip },
            taxRates: germany,
            pricesIncludeTax: included,
          });
          const food = q.subtotal_cents - q.discount_cents - q.coupon_discount_cents;
          expect(food).toBeGreaterThanOrEqual(0);
          expect(q.total_cents).toBe(food + q.delivery_fee_cents + q.tip_cents + (included ? 0 : q.tax_cents));
          expect(q.tax_lines.reduce((s, l) => s + l.base_cents, 0)).toBe(food + q.delivery_fee_cents);
          expect(q.tax_cents).toBe(q.tax_lines.reduce((s, l) => s + l.tax_cents, 0));
          for (const l of q.lines) expect(Number.isInteger(l.line_total_cents) && l.line_total_cents >= 0).toBe(true);
        },
      ),
      { seed: 10, numRuns: 300 },
    );
  });
});

describe('divRoundHalfUp', () => {
  it.each([
    [25, 10, 3],
    [24, 10, 2],
    [15, 10, 2],
    [14, 10, 1],
    [0, 7, 0],
    [5, 2, 3],
    [1_000_000_000 * 1900, 11_900, 159_663_866],
  ])('%i / %i = %i', (a, b, expected) => {
    expect(divRoundHalfUp(a, b)).toBe(expected);
  });

  it('refuses negative and fractional input instead of rounding it the wrong way', () => {
    expect(() => divRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1.5, 2)).toThrow(RangeError);
  });
});

describe('allocate', () => {
  it('splits in proportion, to the cent, ties to the earlier share', () => {
    expect(allocate(250, [1000, 500])).toEqual([167, 83]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (amount, weights) => {
        fc.pre(weights.some((w) => w > 0));
        const shares = allocate(amount, weights);
        expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
        shares.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(weights[i] === 0 ? 0 : Math.floor((amount * weights[i]!) / weights.reduce((a, b) => a + b, 0))));
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
