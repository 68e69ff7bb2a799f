import { z } from './zod.ts';
import { zDate } from './requests.ts';
import { zOptionalText, zText } from './validation.ts';

/**
 * The staff side of guest requests (issue #5): reservations, stock checks, quote and contact requests in one
 * inbox, replies by e-mail from the dashboard, and the newsletter subscribers. The guest forms are in requests.ts.
 */

/** Kinds of guest request the inbox shows; the same words as `request_replies.kind`. */
export const INBOX_KINDS = ['reservation', 'stock_check', 'quote', 'contact'] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];

/** The API path of each kind under /api/tenant (SPEC §7 names `stock-check-reqs`). */
export const INBOX_PATHS: Record<TInboxKind, string> = {
  reservation: 'reservations',
  stock_check: 'stock-check-reqs',
  quote: 'quote-requests',
  contact: 'contact-requests',
};

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'seated', 'declined', 'cancelled', 'completed', 'no_show'] as const;
export type TReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Which status may follow which; the server refuses every other change (409). */
export const RESERVATION_TRANSITIONS: Record<TReservationStatus, readonly TReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['seated', 'completed', 'no_show', 'cancelled'],
  seated: ['completed'],
  declined: [],
  cancelled: [],
  completed: [],
  no_show: [],
};

/** The guest reads the reason in the mail, so these need one. */
export const RESERVATION_NEEDS_REASON: readonly TReservationStatus[] = ['declined', 'cancelled'];
/** Changes the guest is told about by e-mail. */
export const RESERVATION_MAILED: readonly TReservationStatus[] = ['confirmed', 'declined', 'cancelled'];

/** Stock checks, quote and contact requests: any status may follow any other (a closed request can be reopened). */
export const REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

export const INBOX_SORTS = ['newest', 'oldest'] as const;
/** Reservations may also be listed by when the guests come, not only by when they booked. */
export const RESERVATION_SORTS = [...INBOX_SORTS, 'visit_soonest', 'visit_latest'] as const;
export type TInboxSort = (typeof RESERVATION_SORTS)[number];

const zPage = z.coerce.number().int().min(1).max(10000).default(1);
const zPerPage = z.coerce.number().int().min(1).max(100).default(20);
const zSearch = z.string().trim().max(100).optional();
const zSort = z.enum(INBOX_SORTS).default('newest');

/** GET /api/tenant/reservations: `from`/`to` bound the reservation date (inclusive). */
export const ZReservationsQuery = z
  .object({
    status: z.enum(RESERVATION_STATUSES).optional(),
    search: zSearch,
    from: zDate.optional(),
    to: zDate.optional(),
    sort: z.enum(RESERVATION_SORTS).default('newest'),
    page: zPage,
    per_page: zPerPage,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'inbox.validation.range' });
  });
export type TReservationsQuery = z.input<typeof ZReservationsQuery>;

export const ZRequestsQuery = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  search: zSearch,
  sort: zSort,
  page: zPage,
  per_page: zPerPage,
});
export type TRequestsQuery = z.input<typeof ZRequestsQuery>;

export const ZReservationStatusChange = z
  .object({
    status: z.enum(RESERVATION_STATUSES),
    reason: zOptionalText(300),
  })
  .superRefine((v, ctx) => {
    if (RESERVATION_NEEDS_REASON.includes(v.status) && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  });
export type TReservationStatusChange = z.input<typeof ZReservationStatusChange>;

export const ZRequestStatusChange = z.object({ status: z.enum(REQUEST_STATUSES) });
export type TRequestStatusChange = z.input<typeof ZRequestStatusChange>;

/** POST …/:id/replies: plain text, sent to the guest in the restaurant's mail layout. */
export const ZInboxReply = z.object({
  subject: zText(200),
  body: zText(5000),
});
export type TInboxReplyInput = z.input<typeof ZInboxReply>;

export interface TInboxReply {
  id: string;
  /** Who sent it (kept when the account is gone). */
  user_name: string;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

interface TInboxBase {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  /** How many e-mails staff have sent about it from the dashboard. */
  reply_count: number;
}

export interface TReservationItem extends TInboxBase {
  kind: 'reservation';
  status: TReservationStatus;
  date: string;
  time: string;
  guests: number;
  message: string;
  language: string;
  /** How long the tables are held, minutes. */
  duration_minutes: number;
  source: 'online' | 'staff';
  /** The tables it holds (several when joined), in position order. */
  tables: { id: string; name: string }[];
}

export interface TStockCheckItem extends TInboxBase {
  kind: 'stock_check';
  status: TRequestStatus;
  product_id: string;
  product_name: string;
  quantity: number;
  /** The answer the guest got at the time: was the quantity there? */
  was_available: boolean;
}

export interface TQuoteItem extends TInboxBase {
  kind: 'quote';
  status: TRequestStatus;
  event_date: string;
  guests: number;
  budget_cents: number | null;
  currency_symbol: string;
  message: string;
}

export interface TContactItem extends TInboxBase {
  kind: 'contact';
  status: TRequestStatus;
  subject: string;
  message: string;
}

export type TInboxItem = TReservationItem | TStockCheckItem | TQuoteItem | TContactItem;
export type TInboxItemOf<K extends TInboxKind> = Extract<TInboxItem, { kind: K }>;

/** The detail: the request and every reply sent about it, oldest first (newest last). */
export type TInboxDetail<K extends TInboxKind = TInboxKind> = TInboxItemOf<K> & { replies: TInboxReply[] };

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;
export type TSubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const ZSubscribersQuery = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  search: zSearch,
  page: zPage,
  per_page: zPerPage,
});
export interface TSubscribersQuery {
  status?: TSubscriberStatus;
  search?: string;
  page: number;
  per_page: number;
}

export interface TSubscriber {
  id: string;
  email: string;
  status: TSubscriberStatus;
  language: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/**
 * One CSV cell: quoted when it holds a separator, quote or line break, and a leading = + - @ tab or CR
 * neutralised with an apostrophe so a spreadsheet never runs it as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}
