import { z } from './zod.ts';
import { MAX_OPTIONS_PER_GROUP, MAX_GROUPS_PER_PRODUCT, ZGeoPoint, ZTip, zCouponCode, type TChosenOption, type TTaxLine } from './ordering.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, cartLineKey } from './cart.ts';
import { zCalendarDate, zEmail, zInteger, zOptionalText, zPhone, zText, zUuid, zSearch } from './validation.ts';

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
/** Where an order came from: the storefront, or staff typing in a phone call. */
export const ORDER_SOURCES = ['online', 'phone'] as const;
export type TOrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type TOrderSort = (typeof ORDER_SORTS)[number];

/** Accepting promises the order ready in this many minutes (the drawer offers the quick picks). */
export const READY_IN_MIN = 5;
export const READY_IN_MAX = 240;
export const READY_IN_QUICK_PICKS = [10, 15, 20, 30, 45, 60] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];
export const PAYMENT_METHODS = ['cash'] as const;

export { MAX_CART_LINES, MAX_LINE_QUANTITY, cartLineKey } from './cart.ts';

const zDate = zCalendarDate('orders.validation.date');
const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

export const ZCartLine = z.object({
  product_id: zUuid,
  quantity: zInteger().min(1).max(MAX_LINE_QUANTITY),
  /** Ids of the chosen options (issue #10); the server checks them against the product's groups and prices them. */
  options: z
    .array(zUuid)
    .max(MAX_OPTIONS_PER_GROUP * MAX_GROUPS_PER_PRODUCT)
    .default([])
    .transform((ids) => [...new Set(ids)].sort()),
});
export type TCartLineInput = z.input<typeof ZCartLine>;

export const ZCartLines = z
  .array(ZCartLine)
  .min(1, { error: 'orders.validation.cart_empty' })
  .max(MAX_CART_LINES, { error: 'orders.validation.cart_too_big' })
  // Lines of the same dish with the same options become one line of the order: together they keep the line limit.
  .superRefine((lines, ctx) => {
    const totals = new Map<string, number>();
    lines.forEach((line, index) => {
      const key = cartLineKey(line);
      const total = (totals.get(key) ?? 0) + line.quantity;
      totals.set(key, total);
      if (total > MAX_LINE_QUANTITY && total - line.quantity <= MAX_LINE_QUANTITY) {
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: MAX_LINE_QUANTITY, inclusive: true, input: total, path: [index, 'quantity'], message: 'orders.validation.same_dish_too_many' });
      }
    });
  });

/** Where a delivery goes, for the zone check: the postal code, and the guest's location for radius zones. */
const deliveryFields = {
  delivery_postal_code: z.string().trim().max(12).optional(),
  delivery_location: ZGeoPoint.nullish(),
};

/** What changes the price besides the cart: zone, coupon, tip. */
const pricingFields = {
  ...deliveryFields,
  /** One coupon per order; empty means none. */
  coupon_code: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zCouponCode.optional()),
  tip: ZTip.nullish(),
};

/** Prices a cart without ordering it (checkout summary). */
/** GET /api/tenant/orders/options: the times as a guest may order them, or as staff taking an order by phone (no busy pause). */
export const ZOrderingOptionsQuery = z.object({ source: z.enum(ORDER_SOURCES).default('online') });

export const ZOrderQuoteRequest = z.object({
  items: ZCartLines,
  type: z.enum(ORDER_TYPES).default('pickup'),
  ...pricingFields,
  /** The guest's e-mail, when known, so a coupon's per-customer limit is checked before the order. */
  customer_email: z.string().trim().max(254).optional(),
});
export type TOrderQuoteRequest = z.input<typeof ZOrderQuoteRequest>;

/** What the guest (or staff, for a phone order) fills in besides the cart. */
const orderFields = {
  items: ZCartLines,
  customer_name: zText(120),
  customer_phone: zPhone,
  type: z.enum(ORDER_TYPES),
  delivery_address: zOptionalText(300),
  ...pricingFields,
  /** HH:MM in the restaurant's time zone; null or absent: as soon as possible. */
  requested_time: zTime.nullish(),
  /** The day of `requested_time` on the restaurant's clock; absent: today. */
  requested_date: zDate.optional(),
  note: zOptionalText(500),
  payment_method: z.enum(PAYMENT_METHODS).default('cash'),
};

const deliveryNeedsAddress = (v: { type: TOrderType; delivery_address?: string; requested_date?: string; requested_time?: string | null }, ctx: z.RefinementCtx) => {
  if (v.type === 'delivery' && !v.delivery_address) ctx.addIssue({ code: 'custom', path: ['delivery_address'], message: 'validation.required' });
  if (v.requested_date && !v.requested_time) ctx.addIssue({ code: 'custom', path: ['requested_time'], message: 'validation.required' });
};

/** The most one order (and one of its lines) may come to: 1,000,000.00, well inside the money columns. */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;

/** POST /api/tenant/orders (with an Idempotency-Key header). Prices never come from the client. */
export const ZCheckoutRequest = z
  .object({
    ...orderFields,
    customer_email: zEmail,
    /**
     * The total the guest was shown. It prices nothing: when the server's total differs (a price or offer changed
     * meanwhile) the order is refused with 409, so the guest sees the new total before ordering. Optional for API clients.
     */
    expected_total_cents: zInteger().min(0).max(MAX_ORDER_TOTAL_CENTS).optional(),
    /** "Send me news and offers by e-mail": unticked unless the guest ticks it. */
    marketing_consent: z.boolean().default(false),
  })
  .superRefine(deliveryNeedsAddress);
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

/**
 * POST /api/tenant/orders/phone: staff enter an order taken by phone, under the checkout's rules. The e-mail is
 * optional (no guest mail without one).
 */
export const ZPhoneOrderRequest = z
  .object({
    ...orderFields,
    customer_email: z
      .string()
      .trim()
      .max(254)
      .optional()
      .refine((v) => !v || z.email().safeParse(v).success, { error: 'validation.email' })
      .transform((v) => (v ? v.toLowerCase() : undefined)),
  })
  .superRefine(deliveryNeedsAddress);
export type TPhoneOrderRequest = z.input<typeof ZPhoneOrderRequest>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable, 8 to 200 characters: a UUID from the browser fits. */
export const ZIdempotencyKey = z.string().regex(/^[\x21-\x7e]{8,200}$/, { error: 'orders.validation.idempotency_key' });

export interface TPricedLine {
  product_id: string;
  name: string;
  /** The chosen options, in the product's group order. */
  options: TChosenOption[];
  /** The option ids as sent (sorted), so the client can match the line to its cart line. */
  option_ids: string[];
  quantity: number;
  /** Base price plus the options' price changes, before the dish's own discount. */
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
  /** The coupon applied (upper case) and what it took off after the restaurant-wide discount. */
  coupon_code: string | null;
  coupon_discount_cents: number;
  delivery_fee_cents: number;
  /** The delivery zone whose fee applies; null for pickup or a restaurant without zones. */
  delivery_zone_name: string | null;
  tip_cents: number;
  /** Tax contained in the total (tax_included) or added to it; one line per rate. */
  tax_cents: number;
  tax_included: boolean;
  tax_lines: TTaxLine[];
  total_cents: number;
  currency_symbol: string;
}

export interface TOrderQuote extends TOrderTotals {
  lines: TPricedLine[];
  /** Delivery minimum not reached: how much is missing (0 when fine or pickup). */
  delivery_min_missing_cents: number;
}

/** One time the checkout offers; `full` slots are shown but cannot be picked (throttling). */
export interface TOrderSlot {
  time: string;
  full: boolean;
}

export interface TOrderDay {
  /** YYYY-MM-DD on the restaurant's clock. */
  date: string;
  slots: TOrderSlot[];
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
  /** Delivery zones (active ones, in the order they are tried); empty: the flat fee and minimum above, anywhere. */
  delivery_zones: { name: string; kind: 'postal_codes' | 'radius'; fee_cents: number; min_order_cents: number }[];
  currency_symbol: string;
  /** Today's hours in the restaurant's time zone, or null when closed today. */
  today: { open: string; close: string } | null;
  /** "As soon as possible" is possible: switched on and the kitchen is open now and not busy. */
  open_now: boolean;
  asap_enabled: boolean;
  /** Preparation time: ASAP orders are ready about this many minutes after ordering. */
  lead_time_minutes: number;
  /** Times still possible today (not full), for the phone order drawer. */
  slots: string[];
  /** Today and the days ahead with their slots (empty when ordering for later is off). */
  days: TOrderDay[];
  /** Set while staff paused online orders for a while ("busy"); ordering resumes by itself then. */
  paused_until: string | null;
  tips: { enabled: boolean; presets: number[] };
  prices_include_tax: boolean;
  time_zone: string;
}

export interface TOrderStatusChange {
  status: TOrderStatus;
  at: string;
}

/** A step in the staff's history: who made it (a staff member, the guest placing it, or the system) and why. */
export interface TOrderHistoryEntry extends TOrderStatusChange {
  by: 'staff' | 'guest' | 'system';
  /** The staff member's name; null for the guest and the system, or a removed account. */
  user_name: string | null;
  reason: string | null;
}

/** What the guest sees on the tracking page (no internal ids). */
export interface TTrackedOrder extends TOrderTotals {
  number: number;
  status: TOrderStatus;
  type: TOrderType;
  customer_name: string;
  delivery_address: string | null;
  delivery_postal_code: string | null;
  requested_time: string | null;
  note: string | null;
  created_at: string;
  lines: Omit<TPricedLine, 'product_id' | 'option_ids'>[];
  history: TOrderStatusChange[];
  cancelled_reason: string | null;
  /** When the restaurant promised it ready (set on accepting). */
  promised_at: string | null;
  /** The restaurant's time zone: times are shown on its clock. */
  time_zone: string;
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
  /** Empty for a phone order taken without one. */
  customer_email: string;
  payment_method: string;
  language: string;
  source: TOrderSource;
  /** Who typed in a phone order. */
  created_by_name: string | null;
  marketing_consent: boolean;
  history: TOrderHistoryEntry[];
}

/** What a phone order answers: the order as staff see it, and the guest's tracking link to read out or send. */
export interface TPhoneOrderResult {
  order: TOrder;
  tracking_url: string;
}

/** Whether online ordering runs, and since when it was paused by an unaccepted order (orders page banner). */
export interface TOrderingState {
  is_open: boolean;
  auto_paused_at: string | null;
  time_zone: string;
  /** The kitchen's preparation time (ordering settings), within the ready-in range: what accepting suggests. */
  prep_minutes: number;
}


/** GET /api/tenant/orders. `from`/`to` are days on the restaurant's clock, both included. */
export const ZOrdersQuery = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    type: z.enum(ORDER_TYPES).optional(),
    source: z.enum(ORDER_SOURCES).optional(),
    from: zDate.optional(),
    to: zDate.optional(),
    sort: z.enum(ORDER_SORTS).default('newest'),
    search: zSearch(),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'orders.validation.to_before_from' });

export const ZOrderStatusChange = z
  .object({
    status: z.enum(ORDER_STATUSES),
    reason: zOptionalText(300),
    /**
     * Accepting promises the guest the order ready this many minutes from now. Required for an order wanted as soon
     * as possible (the server checks: it knows the order); one wanted at a set time is promised that time.
     */
    ready_in_minutes: z.number().int().min(READY_IN_MIN).max(READY_IN_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.status === 'rejected' || v.status === 'cancelled') && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  });
export type TOrderStatusChangeRequest = z.input<typeof ZOrderStatusChange>;
