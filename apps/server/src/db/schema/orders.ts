import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { tenants } from './tenants.ts';

/**
 * A guest's order. Every figure is computed by the server from the database at the time of ordering and kept
 * here (and on its lines), so later menu changes never rewrite history.
 */
export const orders = pgTable(
  'orders',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    /** Per-restaurant running number shown to guests and staff (#1001, #1002 ...). */
    number: integer().notNull(),
    /** SHA-256 of the guest's tracking token; the token itself is only ever in the guest's link. */
    trackingTokenHash: text().notNull(),
    status: text().notNull().default('pending'),
    type: text().notNull(),
    customerName: text().notNull(),
    customerPhone: text().notNull(),
    customerEmail: text().notNull(),
    deliveryAddress: text(),
    /** Null: as soon as possible. */
    requestedTime: timestamp({ withTimezone: true }),
    note: text(),
    paymentMethod: text().notNull(),
    language: text().notNull().default('en'),
    currencySymbol: text().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    /** The restaurant-wide discount as the checkout showed it (cents alone cannot say 10 % of a 15-cent order). */
    discountPercent: integer().notNull().default(0),
    deliveryFeeCents: integer().notNull().default(0),
    /** The coupon as typed (upper case) and what it took off; the redemption row counts the use. */
    couponCode: text(),
    couponDiscountCents: integer().notNull().default(0),
    tipCents: integer().notNull().default(0),
    /** Tax in the total: included in the prices (taxIncluded) or added on top. */
    taxCents: integer().notNull().default(0),
    taxIncluded: boolean().notNull().default(true),
    /** One entry per rate: { name, rate_millipercent, base_cents, tax_cents } (see TTaxLine). */
    taxLines: jsonb().$type<{ name: string; rate_millipercent: number; base_cents: number; tax_cents: number }[]>().notNull().default([]),
    deliveryZoneName: text(),
    deliveryPostalCode: text(),
    /** The kitchen slot the order counts against for throttling: its requested time, or the first slot for ASAP. */
    slotAt: timestamp({ withTimezone: true }),
    totalCents: integer().notNull(),
    cancelledReason: text(),
    /** 'online' (the storefront) or 'phone' (entered by staff from the dashboard). */
    source: text().notNull().default('online'),
    /** Staff member who entered a phone order. */
    createdBy: uuid(),
    /** When staff promised it ready, set on accepting; the guest sees it. */
    promisedAt: timestamp({ withTimezone: true }),
    /** When the restaurant was e-mailed because nobody accepted the order. */
    escalatedAt: timestamp({ withTimezone: true }),
    /** The guest agreed to offers by e-mail at checkout. */
    marketingConsent: boolean().notNull().default(false),
    /** Personal data erased on the guest's request (GDPR); the order and its figures stay. */
    anonymizedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('orders_tenant_number_key').on(t.tenantId, t.number),
    // The tracking page looks an order up on its restaurant's host: (tenant_id, hash), as Citus needs.
    uniqueIndex('orders_tenant_tracking_token_key').on(t.tenantId, t.trackingTokenHash),
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('orders_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('orders_tenant_email_idx').on(t.tenantId, t.customerEmail),
    index('orders_tenant_slot_idx').on(t.tenantId, t.slotAt).where(sql`${t.slotAt} is not null`),
    // The escalation worker looks for waiting orders across all restaurants every 30 s; few rows are pending.
    index('orders_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('orders_total_check', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0`),
  ],
);

/** One line of an order, with the product's name and prices as they were when the guest ordered. */
export const orderItems = pgTable(
  'order_items',
  {
    tenantId: uuid().notNull(),
    id: uuid().notNull().defaultRandom(),
    orderId: uuid().notNull(),
    /** No foreign key: deleting a dish later must keep the order's history. */
    productId: uuid().notNull(),
    name: text().notNull(),
    unitPriceCents: integer().notNull(),
    discountPercent: integer().notNull().default(0),
    finalUnitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalCents: integer().notNull(),
    /** The chosen options as they were: { group, name, price_delta_cents } (see TChosenOption). */
    options: jsonb().$type<{ group: string; name: string; price_delta_cents: number }[]>().notNull().default([]),
    taxRateMillipercent: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    index('order_items_tenant_order_idx').on(t.tenantId, t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Every status an order passed through, for the guest's tracking page and the staff's history. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    tenantId: uuid().notNull(),
    id: uuid().notNull().defaultRandom(),
    orderId: uuid().notNull(),
    status: text().notNull(),
    /** Staff member who changed it; null when the guest placed the order or the system acted. */
    userId: uuid(),
    /** Why it was rejected or cancelled, or the note given with the change. */
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    index('order_status_history_tenant_order_idx').on(t.tenantId, t.orderId, t.createdAt),
  ],
);

/**
 * Replays for `Idempotency-Key`: the first request with a key stores its response; a retry with the same key
 * and body gets the same response, a retry with another body is refused. Kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    scope: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Staff notifications (SPEC §3): the bell in the dashboard. Title and message are rendered per language from kind + data. */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    kind: text().notNull(),
    data: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    orderId: uuid(),
    /** The booking or guest request it is about (an order's is orderId): a guest's erasure finds its copy of their name. */
    subjectId: uuid(),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notifications_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The bell's unread count runs on every dashboard refresh; read notifications pile up, unread ones don't.
    index('notifications_tenant_unread_idx').on(t.tenantId).where(sql`not ${t.isRead}`),
  ],
);

/**
 * Transactional outbox: a mail is written in the same transaction as the event that causes it and sent later
 * by the mail worker, so a crash never loses one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    template: text().notNull(),
    toAddress: text().notNull(),
    language: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The order, booking or guest request a mail to the restaurant is about: a guest's erasure finds its copy of them. */
    subjectId: uuid(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The per-restaurant claim (outbox.repo claimDue): one restaurant's pending mails by due time.
    index('mail_outbox_tenant_due_idx').on(t.tenantId, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
