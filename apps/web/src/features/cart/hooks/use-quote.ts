import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { cartLineKey } from '@tavolo/contracts/cart';
import type { TOrderQuote, TOrderQuoteRequest, TOrderType } from '@tavolo/contracts/orders';
import { checkoutApi } from '../api/checkout-api.ts';
import type { CartLine } from './use-cart.ts';

// The ordering options and the server's price of the cart: for the checkout, and for the cart drawer, which has no
// use for placing an order (its chunk stays without the mutation code).

const optionsQuery = { queryKey: ['checkout', 'options'], queryFn: async () => (await checkoutApi.options()).data };

export function useOrderingOptions() {
  return useQuery({ ...optionsQuery, refetchInterval: 60_000 });
}

/** What changes the price besides the cart: zone, coupon, tip, and the guest's e-mail for per-guest coupon limits. */
export type QuotePricing = Pick<TOrderQuoteRequest, 'coupon_code' | 'tip' | 'delivery_postal_code' | 'delivery_location' | 'customer_email'>;

export const quoteKey = (body: TOrderQuoteRequest) => ['checkout', 'quote', body] as const;

const quoteQuery = (body: TOrderQuoteRequest) => ({ queryKey: quoteKey(body), queryFn: async () => (await checkoutApi.quote(body)).data });

/** The cart as the quote and the checkout send it. */
export function quoteItems(lines: CartLine[]): TOrderQuoteRequest['items'] {
  return lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, options: (l.options ?? []).map((o) => o.id) }));
}

/** The server's price of one unit of each line of a quote, by the line's key (lineKey). */
export const quotedUnits = (quote: TOrderQuote | undefined) =>
  new Map(quote?.lines.map((l) => [cartLineKey({ product_id: l.product_id, options: l.option_ids }), l.final_unit_price_cents]));

/**
 * Prices the cart with other pricing right away (a coupon being applied): resolves with the quote, which is then
 * what useQuote shows for that pricing, or rejects with the server's error (a refused coupon is a 422 on `coupon_code`).
 */
export function useTryQuote(lines: CartLine[], type: TOrderType) {
  const queryClient = useQueryClient();
  return async (pricing: QuotePricing): Promise<TOrderQuote> => {
    const body: TOrderQuoteRequest = { items: quoteItems(lines), type, ...(JSON.parse(JSON.stringify(pricing)) as QuotePricing) };
    const { data } = await checkoutApi.quote(body);
    // Under the code as the server spells it (upper case), which is what the checkout keeps and asks for next.
    queryClient.setQueryData(quoteKey(data.coupon_code ? { ...body, coupon_code: data.coupon_code } : body), data);
    return data;
  };
}

/** The server's price of the cart as it is now (discounts, coupon, zone fee, tip, tax, availability). */
export function useQuote(lines: CartLine[], type: TOrderType, pricing: QuotePricing = {}, enabled = true) {
  const items = useMemo(() => quoteItems(lines), [lines]);
  // Typing (postal code, e-mail, a custom tip) re-prices once the guest pauses, not on every key; a coupon applied or
  // a tip button clicked re-prices at once.
  const { coupon_code, tip, ...typed } = pricing;
  const [settledTyped] = useDebouncedValue(JSON.stringify(typed), 300);
  const tipNow = JSON.stringify(tip ?? null);
  const [tipTyped] = useDebouncedValue(tipNow, 300);
  const settledTip = tip?.kind === 'amount' ? tipTyped : tipNow;
  const body = useMemo<TOrderQuoteRequest>(
    () => JSON.parse(JSON.stringify({ items, type, coupon_code, tip: JSON.parse(settledTip) as QuotePricing['tip'], ...(JSON.parse(settledTyped) as QuotePricing) })) as TOrderQuoteRequest,
    [items, type, coupon_code, settledTip, settledTyped],
  );
  return useQuery({
    ...quoteQuery(body),
    enabled: enabled && items.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Asks for the restaurant's ordering options, then the price of the stored cart as the form first asks for it
 * (pickup, no tip), as soon as the checkout's code arrives, while the page is still being taken over: the form then
 * renders once with its figures instead of again, in one blocking task, when each answer arrives (issue #11). A
 * restaurant without pickup starts on delivery, whose price waits for the address.
 */
export function prefetchCheckout(client: QueryClient, lines: CartLine[]) {
  void client.fetchQuery(optionsQuery).then(
    (options) => (lines.length && options.pickup_enabled ? client.prefetchQuery(quoteQuery({ items: quoteItems(lines), type: 'pickup', tip: null })) : undefined),
    () => undefined,
  );
}
