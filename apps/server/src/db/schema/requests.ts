import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TStayRule } from '@tavolo/contracts/reservations';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { timestamps } from '../columns.ts';
import { tenants } from './tenants.ts';

const tenantRef = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * A guest's table reservation (SPEC §3). It holds its tables (reservation_tables) from `time` for
 * `durationMinutes` while pending, confirmed or seated.
 */
export const reservations = pgTable(
  'reservations',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    fullName: text().notNull(),
    phoneNumber: text().notNull(),
    /** '' for a phone booking without an address (no mails then). */
    email: text().notNull(),
    date: date().notNull(),
    /** HH:MM in the restaurant's time zone. */
    time: text().notNull(),
    guests: integer().notNull(),
    message: text().notNull(),
    status: text().notNull().default('pending'),
    language: text().notNull().default('en'),
    /** How long the tables are held; set from the stay rules when booked (rows before #9: 120). */
    durationMinutes: integer().notNull().default(120),
    /** online (storefront form) or staff (booked in the dashboard, e.g. by phone). */
    source: text().notNull().default('online'),
    /** SHA-256 of the token in the guest's view/cancel link. */
    manageTokenHash: text(),
    seatedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('reservations_tenant_date_idx').on(t.tenantId, t.date, t.time),
    // Guest links are only ever resolved on their restaurant's host; tenant_id first keeps the key Citus-ready.
    uniqueIndex('reservations_tenant_manage_token_key').on(t.tenantId, t.manageTokenHash),
    check('reservations_guests_check', sql`${t.guests} >= 1`),
    check('reservations_duration_check', sql`${t.durationMinutes} between 15 and 720`),
    check('reservations_source_check', sql`${t.source} in ('online', 'staff')`),
  ],
);

/** Rooms or zones of the restaurant (terrace, main room): tables join only within one area. */
export const diningAreas = pgTable(
  'dining_areas',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('dining_areas_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A table seats min..max guests; joinable tables of one area may be pushed together for a bigger party. */
export const diningTables = pgTable(
  'dining_tables',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    areaId: uuid().notNull(),
    name: text().notNull(),
    minSeats: integer().notNull().default(1),
    maxSeats: integer().notNull(),
    joinable: boolean().notNull().default(false),
    /** Inactive tables are kept for past bookings but never offered. */
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.areaId], foreignColumns: [diningAreas.tenantId, diningAreas.id] }).onDelete('cascade'),
    uniqueIndex('dining_tables_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('dining_tables_tenant_area_idx').on(t.tenantId, t.areaId, t.position),
    check('dining_tables_seats_check', sql`${t.minSeats} >= 1 and ${t.maxSeats} >= ${t.minSeats}`),
  ],
);

/** Which tables a reservation holds (several when tables are joined). */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    tenantId: tenantRef(),
    reservationId: uuid().notNull(),
    tableId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.reservationId, t.tableId] }),
    foreignKey({ columns: [t.tenantId, t.reservationId], foreignColumns: [reservations.tenantId, reservations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.tableId], foreignColumns: [diningTables.tenantId, diningTables.id] }).onDelete('cascade'),
    index('reservation_tables_tenant_table_idx').on(t.tenantId, t.tableId),
  ],
);

/**
 * A restaurant's booking rules (one row, created with defaults on first use). `hours` null means "the opening
 * hours"; `stayRules` is [{ max_guests, minutes }] ascending, the last rule also covering bigger parties.
 */
export const reservationSettings = pgTable('reservation_settings', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  slotIntervalMinutes: integer().notNull().default(15),
  stayRules: jsonb().$type<TStayRule[]>().notNull().default(sql`'[{"max_guests":2,"minutes":90},{"max_guests":6,"minutes":120},{"max_guests":50,"minutes":150}]'::jsonb`),
  leadTimeMinutes: integer().notNull().default(60),
  maxDaysAhead: integer().notNull().default(60),
  maxPartyOnline: integer().notNull().default(8),
  autoConfirm: boolean().notNull().default(false),
  cancelCutoffHours: integer().notNull().default(2),
  hours: jsonb().$type<TOpeningDay[]>(),
  ...timestamps,
});

/** Newsletter sign-ups with double opt-in: only `confirmed` rows are subscribers. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    email: text().notNull(),
    status: text().notNull().default('pending'),
    /** SHA-256 of the tokens in the confirmation and unsubscribe links. */
    confirmTokenHash: text(),
    unsubscribeTokenHash: text().notNull(),
    language: text().notNull().default('en'),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('newsletter_subscribers_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('newsletter_subscribers_tenant_confirm_token_key').on(t.tenantId, t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_tenant_unsubscribe_token_key').on(t.tenantId, t.unsubscribeTokenHash),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The language the guest wrote in, for staff's replies; null on requests from before it was kept (the restaurant's). */
    language: text(),
    status: text().notNull().default('new'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('contact_requests_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** "Do you have N of this?" with the answer given at the time; kept for staff. */
export const stockCheckRequests = pgTable(
  'stock_check_requests',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    fullName: text().notNull(),
    phoneNumber: text().notNull(),
    email: text().notNull(),
    /** No foreign key: the request stays when the dish is deleted; the name is kept for that. */
    productId: uuid().notNull(),
    productName: text().notNull(),
    quantity: integer().notNull(),
    availableAtRequest: integer().notNull(),
    /** The language the guest wrote in, for staff's replies; null on requests from before it was kept (the restaurant's). */
    language: text(),
    status: text().notNull().default('new'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('stock_check_requests_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('stock_check_requests_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Catering / event quote requests. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    eventDate: date().notNull(),
    guests: integer().notNull(),
    budgetCents: integer(),
    message: text().notNull(),
    /** The language the guest wrote in, for staff's replies; null on requests from before it was kept (the restaurant's). */
    language: text(),
    status: text().notNull().default('new'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quote_requests_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('quote_requests_guests_check', sql`${t.guests} >= 1`),
  ],
);

/** Kinds of guest request staff can answer by e-mail from the dashboard. */
export const REPLY_KINDS = ['reservation', 'contact', 'stock_check', 'quote'] as const;

/** A reply staff sent to a guest's request; the mail itself goes through the outbox. */
export const requestReplies = pgTable(
  'request_replies',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    kind: text({ enum: REPLY_KINDS }).notNull(),
    requestId: uuid().notNull(),
    /** Who answered; null once that staff account is gone. */
    userId: uuid(),
    userName: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('request_replies_tenant_request_idx').on(t.tenantId, t.kind, t.requestId, t.createdAt)],
);

/** Team announcements on the dashboard (SPEC §2.3 bulletin). The author's name is kept for when the account goes. */
export const bulletinPosts = pgTable(
  'bulletin_posts',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    title: text().notNull(),
    body: text().notNull(),
    pinned: boolean().notNull().default(false),
    authorId: uuid(),
    authorName: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('bulletin_posts_tenant_pinned_idx').on(t.tenantId, t.pinned, t.createdAt)],
);

/**
 * GDPR accountability: that a guest's data was erased, when and by whom. Only a hash of the e-mail is kept, so
 * the record itself holds no personal data.
 */
export const customerErasures = pgTable(
  'customer_erasures',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    emailHash: text().notNull(),
    userId: uuid(),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
