import { useMemo, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TCheckoutRequest, TOrderType } from '@tavolo/contracts/orders';
import { checkoutApi } from '../api/checkout-api.ts';
import type { CartLine } from './use-cart.ts';

/** A random key per checkout visit: a double click or a retry after a lost answer places one order. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useOrderingOptions() {
  return useQuery({ queryKey: ['checkout', 'options'], queryFn: async () => (await checkoutApi.options()).data, refetchInterval: 60_000 });
}

/** The server's price of the cart as it is now (discounts, fee, availability). */
export function useQuote(lines: CartLine[], type: TOrderType) {
  const items = useMemo(() => lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })), [lines]);
  return useQuery({
    queryKey: ['checkout', 'quote', items, type],
    queryFn: async () => (await checkoutApi.quote({ items, type })).data,
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePlaceOrder() {
  const key = useRef(newKey());
  return useMutation({ mutationFn: async (body: TCheckoutRequest) => checkoutApi.place(body, key.current) });
}

/** The guest's order, refreshed while it is still moving (SPEC: the tracking page follows staff changes). */
export function useTrackedOrder(token: string) {
  return useQuery({
    queryKey: ['order', token],
    queryFn: async () => (await checkoutApi.track(token)).data,
    refetchInterval: (query) => (['completed', 'rejected', 'cancelled'].includes(query.state.data?.status ?? '') ? false : 15_000),
    retry: false,
  });
}
