import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { tenants } from './tenants.ts';

const tenantRef = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A guest's table reservation (SPEC §3). Capacity and tables come with the reservations issue. */
export const reservations = pgTable(
  'reservations',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    fullName: text().notNull(),
    phoneNumber: text().notNull(),
    email: text().notNull(),
    date: date().notNull(),
    /** HH:MM in the restaurant's time zone. */
    time: text().notNull(),
    guests: integer().notNull(),
    message: text().notNull(),
    status: text().notNull().default('pending'),
    language: text().notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('reservations_tenant_date_idx').on(t.tenantId, t.date, t.time),
    check('reservations_guests_check', sql`${t.guests} >= 1`),
  ],
);

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
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_key').on(t.unsubscribeTokenHash),
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
    status: text().notNull().default('new'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quote_requests_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('quote_requests_guests_check', sql`${t.guests} >= 1`),
  ],
);
