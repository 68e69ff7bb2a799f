import { discounted, unitPriceCents } from '@tavolo/contracts/cart';
import { cartLineKey, type TOrderQuote, type TOrderType, type TPricedLine } from '@tavolo/contracts/orders';
import type { TChosenOption, TCouponKind, TTaxLine, TTip } from '@tavolo/contracts/ordering';

export interface PricedProduct {
  id: string;
  name: string;
  priceCents: number;
  discountPercent: number;
  /** Null: the default rate. */
  taxRateId: string | null;
}

/** A cart line whose options the caller has already checked against the product's groups. */
export interface PricingLine {
  product: PricedProduct;
  quantity: number;
  /** Sorted ids, as in the request. */
  optionIds: string[];
  /** In the product's group order, with names and prices from the database. */
  options: TChosenOption[];
}

export interface PricingCoupon {
  code: string;
  kind: TCouponKind;
  /** Percent 1..100, or cents. */
  value: number;
  minOrderCents: number;
}

export interface PricingTaxRate {
  id: string;
  name: string;
  rateMillipercent: number;
  isDefault: boolean;
}

export interface PricingRules {
  currencySymbol: string;
  /** Restaurant-wide discount in percent (the storefront's discount banner). */
  discountPercent: number;
  /** Fee and minimum of the delivery zone (or the flat ones); ignored for pickup. */
  delivery: { feeCents: number; minOrderCents: number; zoneName: string | null };
  coupon: PricingCoupon | null;
  tip: TTip | null;
  /** No rates: no tax. */
  taxRates: readonly PricingTaxRate[];
  pricesIncludeTax: boolean;
}

export interface PricedOrder extends TOrderQuote {
  /** The coupon's minimum order not reached: how much is missing (0 when fine or no coupon); the coupon then takes nothing off. */
  coupon_min_missing_cents: number;
}

/** Tax rates are in thousandths of a percent (millipercent): 19 % = 19000, New York's 8.875 % = 8875. */
const HUNDRED_PERCENT = 100_000;

/** a / b rounded half up, for a >= 0 and b > 0, in exact integer arithmetic (BigInt: a may be a large amount times a rate). */
export function divRoundHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) throw new RangeError(`divRoundHalfUp(${a}, ${b})`);
  return Number((2n * BigInt(a) + BigInt(b)) / (2n * BigInt(b)));
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents that add up to exactly `amount` (largest remainder;
 * ties go to the earlier weight). Used to spread order-wide discounts over lines of different tax rates.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  const remainders = weights.map((w, i) => ({ i, r: amount * w - shares[i]! * total }));
  let left = amount - shares.reduce((s, v) => s + v, 0);
  for (const { i } of remainders.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left-- <= 0) break;
    shares[i]! += 1;
  }
  return shares;
}

/**
 * The one place an order's money is computed, in integer cents, in this order:
 * 1. each line: base price plus its options (never below 0), the dish's own discount on the unit, times quantity;
 *    lines with the same dish and the same options are merged;
 * 2. the restaurant-wide discount on the subtotal;
 * 3. the coupon on what is left (percent rounded half up, a fixed amount at most what is left), if its minimum is met;
 * 4. the delivery fee of the zone;
 * 5. the tip: a percentage of the food after discounts, or an amount;
 * 6. tax per rate on the food after discounts (spread over the lines in proportion) and on the delivery fee (default
 *    rate): contained in the prices, gross x r / (1 + r), or added on top, net x r; rounded half up once per rate.
 *    Tips are not taxed.
 */
export function priceOrder(lines: readonly PricingLine[], type: TOrderType, rules: PricingRules): PricedOrder {
  const merged = new Map<string, PricingLine>();
  for (const line of lines) {
    const key = cartLineKey({ product_id: line.product.id, options: line.optionIds });
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : line);
  }

  const priced: (TPricedLine & { taxRateId: string | null })[] = [...merged.values()].map(({ product, quantity, optionIds, options }) => {
    const deltas = options.map((o) => o.price_delta_cents);
    const unit = unitPriceCents({ price_cents: product.priceCents, discount: 0 }, deltas);
    const finalUnit = unitPriceCents({ price_cents: product.priceCents, discount: product.discountPercent }, deltas);
    return {
      product_id: product.id,
      name: product.name,
      options,
      option_ids: optionIds,
      quantity,
      unit_price_cents: unit,
      discount_percent: product.discountPercent,
      final_unit_price_cents: finalUnit,
      line_total_cents: finalUnit * quantity,
      taxRateId: product.taxRateId,
    };
  });

  const subtotal = priced.reduce((sum, l) => sum + l.line_total_cents, 0);
  const discountCents = subtotal - discounted(subtotal, rules.discountPercent);
  const afterDiscount = subtotal - discountCents;

  const coupon = rules.coupon;
  const couponMissing = coupon ? Math.max(0, coupon.minOrderCents - afterDiscount) : 0;
  const couponCents = !coupon || couponMissing > 0 ? 0 : coupon.kind === 'percent' ? divRoundHalfUp(afterDiscount * coupon.value, 100) : Math.min(coupon.value, afterDiscount);
  const food = afterDiscount - couponCents;

  const delivery = type === 'delivery';
  const feeCents = delivery ? rules.delivery.feeCents : 0;
  const tipCents = !rules.tip ? 0 : rules.tip.kind === 'percent' ? divRoundHalfUp(food * rules.tip.percent, 100) : rules.tip.cents;

  const taxLines = taxes(priced, subtotal - food, feeCents, rules);
  const taxCents = taxLines.reduce((s, l) => s + l.tax_cents, 0);

  return {
    lines: priced.map(({ taxRateId: _, ...line }) => line),
    subtotal_cents: subtotal,
    discount_percent: rules.discountPercent,
    discount_cents: discountCents,
    coupon_code: coupon && couponCents > 0 ? coupon.code : null,
    coupon_discount_cents: couponCents,
    delivery_fee_cents: feeCents,
    delivery_zone_name: delivery ? rules.delivery.zoneName : null,
    tip_cents: tipCents,
    tax_cents: taxCents,
    tax_included: rules.pricesIncludeTax,
    tax_lines: taxLines,
    total_cents: food + feeCents + tipCents + (rules.pricesIncludeTax ? 0 : taxCents),
    currency_symbol: rules.currencySymbol,
    // Against the subtotal the guest sees (the lines at their prices): "add $5 more" is then $5 of dishes, which it
    // was not after the restaurant's discount took its share.
    delivery_min_missing_cents: delivery ? Math.max(0, rules.delivery.minOrderCents - subtotal) : 0,
    coupon_min_missing_cents: couponMissing,
  };
}

/** One line per rate that has something to tax, in the restaurant's rate order. */
function taxes(lines: readonly { line_total_cents: number; taxRateId: string | null }[], discounts: number, feeCents: number, rules: PricingRules): TTaxLine[] {
  const fallback = rules.taxRates.find((r) => r.isDefault) ?? rules.taxRates[0];
  if (!fallback) return [];
  const rateOf = (id: string | null) => rules.taxRates.find((r) => r.id === id) ?? fallback;
  // Order-wide discounts lower each line's taxable amount in proportion to its share of the subtotal.
  const cuts = allocate(discounts, lines.map((l) => l.line_total_cents));
  const bases = new Map<string, number>();
  lines.forEach((l, i) => {
    const rate = rateOf(l.taxRateId);
    bases.set(rate.id, (bases.get(rate.id) ?? 0) + l.line_total_cents - cuts[i]!);
  });
  if (feeCents) bases.set(fallback.id, (bases.get(fallback.id) ?? 0) + feeCents);
  return rules.taxRates
    .filter((r) => bases.has(r.id) && r.rateMillipercent > 0)
    .map((r) => {
      const base = bases.get(r.id)!;
      const rate = r.rateMillipercent;
      return { name: r.name, rate_millipercent: rate, base_cents: base, tax_cents: rules.pricesIncludeTax ? divRoundHalfUp(base * rate, HUNDRED_PERCENT + rate) : divRoundHalfUp(base * rate, HUNDRED_PERCENT) };
    });
}
