import { z } from './zod.ts';
import { zSearch } from './validation.ts';
import { ZPageQuery } from './envelope.ts';
import type { TOrderStatus } from './orders.ts';

/**
 * Customers (GET /api/tenant/customers ...): everyone who ordered or reserved, merged by e-mail (lower-case).
 * A customer is addressed by an opaque key (base64url of the e-mail) so the address never sits in a URL or a log.
 */

export const CUSTOMER_SORTS = ['last_visit', 'total_spent', 'orders'] as const;
export type TCustomerSort = (typeof CUSTOMER_SORTS)[number];

export const ZCustomerQuery = ZPageQuery.extend({
  search: zSearch(),
  sort: z.enum(CUSTOMER_SORTS).default('last_visit'),
});
export type TCustomerQuery = { search?: string; sort?: TCustomerSort; page?: number; per_page?: number };

/** Base64url without padding: fits a path segment, decodes back to the e-mail on the server. */
export const ZCustomerKey = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{4,400}$/, { error: 'validation.invalid' }) });

/** POST /api/tenant/customers/:key/erase: the e-mail typed again, as a deliberate confirmation. */
export const ZEraseCustomerRequest = z.object({ confirm_email: z.string().trim().min(1).max(254) });
export type TEraseCustomerRequest = z.input<typeof ZEraseCustomerRequest>;

export interface TCustomer {
  key: string;
  name: string;
  email: string;
  phone: string;
  order_count: number;
  /** Orders that were not rejected or cancelled, in minor units. */
  total_spent_cents: number;
  reservation_count: number;
  first_visit: string;
  last_visit: string;
  /** A confirmed newsletter subscription. */
  newsletter: boolean;
  /** What the latest order said about offers by e-mail. */
  marketing: boolean;
  /** The restaurant's currency, for the figures. */
  currency_symbol: string;
}

export interface TCustomerOrder {
  id: string;
  number: number;
  status: TOrderStatus;
  total_cents: number;
  currency_symbol: string;
  created_at: string;
}

export interface TCustomerReservation {
  id: string;
  date: string;
  time: string;
  guests: number;
  status: string;
}

export interface TCustomerDetail extends TCustomer {
  orders: TCustomerOrder[];
  reservations: TCustomerReservation[];
}

/** What an erasure touched, per kind of record (also kept, without the e-mail, in customer_erasures). */
export type TErasureCounts = Record<
  'orders' | 'reservations' | 'contact_requests' | 'stock_check_requests' | 'quote_requests' | 'request_replies' | 'newsletter' | 'mails_deleted' | 'mails_redacted' | 'notifications' | 'order_replays',
  number
>;

/** Stored in place of an erased guest's name: neutral in every language; the dashboard shows its own words. */
export const ERASED_NAME = '—';
