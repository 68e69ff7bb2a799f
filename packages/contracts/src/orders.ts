import { z } from 'zod';
import { zEmail, zOptionalText, zPhone, zText, zUuid } from './validation.ts';

/** SPEC §4 / issue #5 workflow: pending -> accepted -> preparing -> ready -> completed, or rejected / cancelled. */
export const ORDER_STATUSES = ['pending', 'accepted', 'preparing', 'ready', 'completed', 'rejected', 'cancelled'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/** Which status may follow which; the server refuses every other change. */
export const ORDER_TRANSITIONS: Record<TOrderStatus, readonly TOrderStatus[]> = {
  pending: ['accepted', 'rejected', 'cancelled'],
  accepted: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  rejected: [],
  cancelled: [],
};

/** Statuses that give the stock back. */
export const ORDER_RELEASES_STOCK: readonly TOrderStatus[] = ['rejected', 'cancelled'];

export const ORDER_TYPES = ['pickup', 'delivery'] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];
export const PAYMENT_METHODS = ['cash'] as const;

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

export const ZCartLine = z.object({
  product_id: zUuid,
  quantity: z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(MAX_LINE_QUANTITY),
});

export const ZCartLines = z
  .array(ZCartLine)
  .min(1, { error: 'orders.validation.cart_empty' })
  .max(MAX_CART_LINES, { error: 'orders.validation.cart_too_big' });

/** Prices a cart without ordering it (checkout summary). */
export const ZOrderQuoteRequest = z.object({
  items: ZCartLines,
  type: z.enum(ORDER_TYPES).default('pickup'),
});
export type TOrderQuoteRequest = z.input<typeof ZOrderQuoteRequest>;

/** POST /api/tenant/orders (with an Idempotency-Key header). Prices never come from the client. */
export const ZCheckoutRequest = z
  .object({
    items: ZCartLines,
    customer_name: zText(120),
    customer_phone: zPhone,
    customer_email: zEmail,
    type: z.enum(ORDER_TYPES),
    delivery_address: zOptionalText(300),
    /** HH:MM today in the restaurant's time zone; null or absent: as soon as possible. */
    requested_time: zTime.nullish(),
    note: zOptionalText(500),
    payment_method: z.enum(PAYMENT_METHODS).default('cash'),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'delivery' && !v.delivery_address) ctx.addIssue({ code: 'custom', path: ['delivery_address'], message: 'validation.required' });
  });
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable, 8 to 200 characters: a UUID from the browser fits. */
export const ZIdempotencyKey = z.string().regex(/^[\x21-\x7e]{8,200}$/, { error: 'orders.validation.idempotency_key' });

export interface TPricedLine {
  product_id: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  discount_percent: number;
  final_unit_price_cents: number;
  line_total_cents: number;
}

export interface TOrderTotals {
  subtotal_cents: number;
  /** The restaurant-wide discount (the storefront's discount banner). */
  discount_percent: number;
  discount_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  currency_symbol: string;
}

export interface TOrderQuote extends TOrderTotals {
  lines: TPricedLine[];
  /** Delivery minimum not reached: how much is missing (0 when fine or pickup). */
  delivery_min_missing_cents: number;
}

/** What the checkout offers right now: GET /api/tenant/orders/options. */
export interface TOrderingOptions {
  /** False when the restaurant is paused, not active, or closed today; `reason` then says why. */
  accepting: boolean;
  reason: string | null;
  pickup_enabled: boolean;
  delivery_enabled: boolean;
  delivery_fee_cents: number;
  delivery_min_order_cents: number;
  currency_symbol: string;
  /** Today's hours in the restaurant's time zone, or null when closed today. */
  today: { open: string; close: string } | null;
  /** "As soon as possible" is possible: the kitchen is open now. */
  open_now: boolean;
  /** Times still possible today, every 15 minutes. */
  slots: string[];
}

export interface TOrderStatusChange {
  status: TOrderStatus;
  at: string;
}

/** What the guest sees on the tracking page (no internal ids). */
export interface TTrackedOrder extends TOrderTotals {
  number: number;
  status: TOrderStatus;
  type: TOrderType;
  customer_name: string;
  delivery_address: string | null;
  requested_time: string | null;
  note: string | null;
  created_at: string;
  lines: Omit<TPricedLine, 'product_id'>[];
  history: TOrderStatusChange[];
  cancelled_reason: string | null;
}

export interface TCheckoutResult {
  order: TTrackedOrder;
  /** Secret: the only key to the tracking page; shown once, in the guest's link. */
  tracking_token: string;
  tracking_url: string;
}

/** Staff view of an order. */
export interface TOrder extends TTrackedOrder {
  id: string;
  customer_phone: string;
  customer_email: string;
  payment_method: string;
  language: string;
}

export const ZOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZOrderStatusChange = z
  .object({
    status: z.enum(ORDER_STATUSES),
    reason: zOptionalText(300),
  })
  .superRefine((v, ctx) => {
    if ((v.status === 'rejected' || v.status === 'cancelled') && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  });
export type TOrderStatusChangeRequest = z.input<typeof ZOrderStatusChange>;
