import { useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TCheckoutRequest } from '@tavolo/contracts/orders';
import { checkoutApi } from '../api/checkout-api.ts';

/** A random key per checkout visit: a double click or a retry after a lost answer places one order. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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
    // Also while the server is unreachable: the page comes back by itself once it answers again. Every 5 s while the
    // page is in view (not in a background tab): at 15 s a guest missed "preparing" and "ready" when staff were quick.
    refetchInterval: (query) => (['completed', 'rejected', 'cancelled'].includes(query.state.data?.status ?? '') ? false : 5_000),
  });
}
