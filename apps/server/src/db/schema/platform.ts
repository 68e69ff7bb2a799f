import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TENANT_STATUSES } from '@tavolo/contracts/tenant';
import { tenantOwned, timestamps } from '../columns.ts';
import { platformUsers } from './auth.ts';
import { tenants } from './tenants.ts';

/**
 * A restaurant's own domain (Premium). It answers for the restaurant once `verifiedAt` is set: the owner proved
 * control by publishing `verificationToken` in DNS (TXT) or at /.well-known/ on that host.
 * A verified `host` is unique across the platform (on Citus this table would be a reference table).
 */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    ...tenantOwned,
    host: text().notNull(),
    verificationToken: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    /** Why the last check failed (a message key), for the owner. */
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    // A host belongs to the restaurant that proves it (DNS): claims not yet verified block nobody, or anyone could
    // keep a domain from its owner by naming it first. One claim per restaurant and host.
    uniqueIndex('tenant_domains_verified_host_key').on(t.host).where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('tenant_domains_tenant_host_key').on(t.tenantId, t.host),
  ],
);

/** Every status change of a restaurant, by whom and why: the history in the operators' restaurant view. */
export const tenantStatusEvents = pgTable(
  'tenant_status_events',
  {
    ...tenantOwned,
    fromStatus: text({ enum: TENANT_STATUSES }),
    toStatus: text({ enum: TENANT_STATUSES }).notNull(),
    reason: text(),
    /** The operator; null when the platform itself acted (registration, a trial running out). */
    actorId: uuid().references(() => platformUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('tenant_status_events_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * What is left of a deleted restaurant: its name and address, who deleted it and when. All its data went with
 * it (every tenant table cascades), so this platform-level record holds no guest or staff data.
 */
export const tenantDeletions = pgTable('tenant_deletions', {
  id: uuid().primaryKey().defaultRandom(),
  formerTenantId: uuid().notNull(),
  slug: text().notNull(),
  name: text().notNull(),
  actorId: uuid().references(() => platformUsers.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Messages sent through the marketing site's contact form (/contact): read and handled by platform operators. */
export const platformContactMessages = pgTable(
  'platform_contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    restaurantName: text(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The sender's language: the confirmation mail and any reply use it. */
    language: text().notNull().default('en'),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: uuid().references(() => platformUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('platform_contact_messages_created_idx').on(t.createdAt)],
);
