import type {
  TContactRequest,
  TQuoteRequestInput,
  TReservationOptions,
  TReservationRequest,
  TStockCheckAnswer,
  TStockCheckProduct,
  TStockCheckRequest,
} from '@tavolo/contracts/requests';
import type { TAvailability } from '@tavolo/contracts/reservations';
import { api } from '../../../lib/api.ts';

/** The guest forms of a storefront (SPEC §7: POST /tenant/reservation and /tenant/subscribe, plus contact, stock check, quotes). */
export const requestsApi = {
  reservationOptions: () => api<TReservationOptions>('GET', '/tenant/public/reservation-options'),
  /** Start times with a free table for this party on that day, or why there are none. */
  availability: (query: { date: string; guests: number }) => api<TAvailability>('GET', '/tenant/public/reservation-availability', { query }),
  reserve: (body: TReservationRequest) => api<null>('POST', '/tenant/reservation', { body }),
  subscribe: (email: string) => api<null>('POST', '/tenant/subscribe', { body: { email } }),
  confirmSubscription: (token: string) => api<null>('POST', '/tenant/newsletter/confirm', { body: { token } }),
  unsubscribe: (token: string) => api<null>('POST', '/tenant/newsletter/unsubscribe', { body: { token } }),
  contact: (body: TContactRequest) => api<null>('POST', '/tenant/contact', { body }),
  stockCheckProducts: () => api<TStockCheckProduct[]>('GET', '/tenant/public/stock-check/products'),
  stockCheck: (body: TStockCheckRequest) => api<TStockCheckAnswer>('POST', '/tenant/stock-check', { body }),
  quote: (body: TQuoteRequestInput) => api<null>('POST', '/tenant/quote-request', { body }),
};
