import type { TCheckoutRequest, TCheckoutResult, TOrderingOptions, TOrderQuote, TOrderQuoteRequest, TTrackedOrder } from '@tavolo/contracts/orders';
import { api } from '../../../lib/api.ts';

/** Guest ordering calls; every price comes from the server. */
export const checkoutApi = {
  options: () => api<TOrderingOptions>('GET', '/tenant/orders/options'),
  quote: (body: TOrderQuoteRequest) => api<TOrderQuote>('POST', '/tenant/orders/quote', { body }),
  place: (body: TCheckoutRequest, idempotencyKey: string) => api<TCheckoutResult>('POST', '/tenant/orders', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  track: (token: string) => api<TTrackedOrder>('GET', `/tenant/orders/track/${encodeURIComponent(token)}`),
};
