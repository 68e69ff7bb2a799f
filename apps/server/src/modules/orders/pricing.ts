import { discounted } from '@tavolo/contracts/storefront';
import type { TOrderQuote, TOrderType, TPricedLine } from '@tavolo/contracts/orders';

export interface PricedProduct {
  id: string;
  name: string;
  priceCents: number;
  discountPercent: number;
}

export interface PricingRules {
  currencySymbol: string;
  /** Restaurant-wide discount in percent (the storefront's discount banner). */
  discountPercent: number;
  deliveryFeeCents: number;
  deliveryMinOrderCents: number;
}

/**
 * The one place an order's money is computed, in integer cents: each line at the dish's discounted price, then the
 * restaurant-wide discount on the subtotal, then the delivery fee. Lines with the same product are merged.
 */
export function priceOrder(
  products: readonly PricedProduct[],
  lines: readonly { product_id: string; quantity: number }[],
  type: TOrderType,
  rules: PricingRules,
): TOrderQuote {
  const byId = new Map(products.map((p) => [p.id, p]));
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);

  const priced: TPricedLine[] = [...quantities].map(([id, quantity]) => {
    const p = byId.get(id);
    if (!p) throw new Error(`priceOrder: product ${id} was not loaded`);
    const finalUnit = discounted(p.priceCents, p.discountPercent);
    return {
      product_id: id,
      name: p.name,
      quantity,
      unit_price_cents: p.priceCents,
      discount_percent: p.discountPercent,
      final_unit_price_cents: finalUnit,
      line_total_cents: finalUnit * quantity,
    };
  });
  const subtotal = priced.reduce((sum, l) => sum + l.line_total_cents, 0);
  const discountCents = subtotal - discounted(subtotal, rules.discountPercent);
  const afterDiscount = subtotal - discountCents;
  const delivery = type === 'delivery';
  return {
    lines: priced,
    subtotal_cents: subtotal,
    discount_percent: rules.discountPercent,
    discount_cents: discountCents,
    delivery_fee_cents: delivery ? rules.deliveryFeeCents : 0,
    total_cents: afterDiscount + (delivery ? rules.deliveryFeeCents : 0),
    currency_symbol: rules.currencySymbol,
    delivery_min_missing_cents: delivery ? Math.max(0, rules.deliveryMinOrderCents - afterDiscount) : 0,
  };
}
