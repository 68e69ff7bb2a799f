import { describe, expect, it } from 'vitest';
import { lowestPriceCents, unitPriceCents } from './cart.ts';
import type { TPublicOptionGroup } from './storefront.ts';

const group = (min_select: number, max_select: number, deltas: number[]): TPublicOptionGroup => ({
  id: `g${deltas.join('')}`,
  name: 'Group',
  min_select,
  max_select,
  options: deltas.map((price_delta_cents, i) => ({ id: `o${i}`, name: `Option ${i}`, price_delta_cents })),
});

describe('lowestPriceCents', () => {
  it('is the price when no choice is required or lowers it', () => {
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [] })).toBe(950);
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [group(0, 3, [50, 100, 150])] })).toBe(950);
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [group(1, 1, [0, 250])] })).toBe(950);
  });

  it('takes the cheapest required choices, and cheaper optional ones as far as the group allows', () => {
    // A small size for 1.00 less.
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [group(1, 1, [250, -100, 0])] })).toBe(850);
    // Every size costs extra: the dish alone cannot be had.
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [group(2, 3, [300, 100, 200])] })).toBe(1250);
    // "No cheese" and "no olives" lower the price; at most one may be picked.
    expect(lowestPriceCents({ price_cents: 950, discount: 0, option_groups: [group(0, 1, [-50, -30, 80])] })).toBe(900);
  });

  it('prices as the server does: never below 0, then the discount', () => {
    expect(lowestPriceCents({ price_cents: 100, discount: 0, option_groups: [group(1, 1, [-500])] })).toBe(0);
    expect(lowestPriceCents({ price_cents: 1000, discount: 10, option_groups: [group(1, 1, [-200, 0])] })).toBe(720);
  });
});

describe('unitPriceCents', () => {
  it("discounts the choices with the dish (the cart showed a discounted dish's extras at full price)", () => {
    // Quattro Formaggi at 14.50, 15 % off, with 3.00 + 1.50 + 2.50 of choices: 21.50 less 15 %.
    expect(unitPriceCents({ price_cents: 1450, discount: 15 }, [300, 150, 250])).toBe(1828);
    expect(unitPriceCents({ price_cents: 1450, discount: 0 }, [])).toBe(1450);
  });

  it('never goes below 0 (a choice that takes off more than the dish costs)', () => {
    expect(unitPriceCents({ price_cents: 100, discount: 0 }, [-5000])).toBe(0);
  });
});
