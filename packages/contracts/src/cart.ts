/**
 * The guest's cart limits, line identity and prices, without Zod: the cart lives in the storefront's first load (issue
 * #11 JavaScript budget). orders.ts re-exports them next to the checkout schemas.
 */
import type { TPublicProduct } from './storefront.ts';

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** One cart line per distinct choice: the same dish with other options is another line. */
export function cartLineKey(line: { product_id: string; options?: readonly string[] }): string {
  return [line.product_id, ...[...(line.options ?? [])].sort()].join('+');
}

/** Discount in whole percent, rounded half up to the cent. */
export function discounted(priceCents: number, percent: number): number {
  return Math.round((priceCents * (100 - percent)) / 100);
}

/**
 * One unit of a dish with its choices, exactly as the server prices it: the price plus the choices' changes (never
 * below 0), then the dish's discount on the whole. The menu, the options dialog, the cart and the checkout show it.
 */
export function unitPriceCents(product: { price_cents: number; discount: number }, deltas: readonly number[]): number {
  return discounted(Math.max(0, product.price_cents + deltas.reduce((sum, delta) => sum + delta, 0)), product.discount);
}

type ChoiceGroup = { min_select: number; max_select: number; options: readonly { price_delta_cents: number }[] };

/**
 * The price changes of the cheapest choices a guest can make: the cheapest each group requires, and any further
 * choice that lowers the price, as far as the group allows.
 */
export function cheapestChoices(groups: readonly ChoiceGroup[]): number[] {
  return groups.flatMap((group) => {
    const deltas = group.options.map((option) => option.price_delta_cents).sort((a, b) => a - b);
    return deltas.slice(0, group.max_select).filter((delta, index) => index < group.min_select || delta < 0);
  });
}

/**
 * The least a guest can pay for one, priced as the server prices a line (price plus choices, at least 0, then the
 * discount) with the cheapest choices. Differs from final_price_cents when a required size costs more or less than the dish.
 */
export function lowestPriceCents(product: Pick<TPublicProduct, 'price_cents' | 'discount' | 'option_groups'>): number {
  return unitPriceCents(product, cheapestChoices(product.option_groups));
}
