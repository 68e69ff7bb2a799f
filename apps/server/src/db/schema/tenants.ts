import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@tavolo/contracts/i18n';
import { TENANT_STATUSES } from '@tavolo/contracts/tenant';
import { PLAN_IDS } from '@tavolo/contracts/plans';
import { DEFAULT_OPENING_HOURS, type TOpeningDay } from '@tavolo/contracts/settings';
import { timestamps } from '../columns.ts';

/** What each plan costs and allows (rows written by migration 0007); a null limit is unlimited. */
export const plans = pgTable('plans', {
  id: text({ enum: PLAN_IDS }).primaryKey(),
  name: text().notNull(),
  priceCents: integer().notNull(),
  currency: text().notNull().default('USD'),
  interval: text({ enum: ['month'] }).notNull().default('month'),
  maxProducts: integer(),
  maxUsers: integer(),
  customDomain: boolean().notNull().default(false),
  customRoles: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  ...timestamps,
});

/** A restaurant. Not tenant-owned itself: a reference row every tenant-owned table points at. */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    status: text({ enum: TENANT_STATUSES }).notNull().default('pending'),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    street: text(),
    postalCode: text().notNull(),
    city: text().notNull(),
    state: text(),
    country: text().notNull(),
    county: text(),
    /** The language of the mails to the restaurant itself (alerts, new orders): its team's, set at sign-up. */
    staffLanguage: text({ enum: LANGUAGES }).notNull().default('en'),
    planId: text({ enum: PLAN_IDS })
      .notNull()
      .default('free')
      .references(() => plans.id),
    /** Status `trial`: Premium until then, afterwards the restaurant is active on its plan (Free). */
    trialEndsAt: timestamp({ withTimezone: true }),
    /** Why an operator suspended the restaurant; shown to its team. Cleared on activation. */
    suspendedReason: text(),
    statusChangedAt: timestamp({ withTimezone: true }),
    /** The owner asked for Premium; operators see it until the plan changes (no payment provider yet). */
    upgradeRequestedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    index('tenants_status_idx').on(t.status),
    index('tenants_plan_idx').on(t.planId),
    index('tenants_created_idx').on(t.createdAt),
  ],
);

/** Public storefront settings (SPEC §3 "Tenant settings"), one row per tenant. */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: uuid()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    description: text(),
    logo: text(),
    currencySymbol: text().notNull().default('$'),
    currencyCode: text().notNull().default('USD'),
    discountPercent: integer().notNull().default(0),
    pickupStartEndTime: text(),
    isOpen: boolean().notNull().default(true),
    timeZone: text().notNull().default('UTC'),
    /** Seven weekday entries (0 = Sunday), see ZOpeningHours. */
    openingHours: jsonb().$type<TOpeningDay[]>().notNull().default(DEFAULT_OPENING_HOURS),
    pickupEnabled: boolean().notNull().default(true),
    deliveryEnabled: boolean().notNull().default(false),
    deliveryFeeCents: integer().notNull().default(0),
    deliveryMinOrderCents: integer().notNull().default(0),
    /** The last order number handed out; bumped (and row-locked) in each order's transaction. */
    lastOrderNumber: integer().notNull().default(1000),
    /** An order nobody has accepted after this many minutes is e-mailed to the restaurant's address. */
    alertMailAfterMinutes: integer().notNull().default(5),
    /** After this many minutes unaccepted, online ordering pauses and the guest is told; null: never. */
    autoPauseAfterMinutes: integer(),
    /** Set when ordering was paused automatically (shown in the dashboard); cleared when it reopens. */
    autoPausedAt: timestamp({ withTimezone: true }),
    facebookLink: text(),
    twitterLink: text(),
    linkedinLink: text(),
    googlePlusLink: text(),
    instagramLink: text(),
    ...timestamps,
  },
);

export const roles = pgTable(
  'roles',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    permissions: text().array().notNull().default([]),
    isSystem: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_tenant_name_key').on(t.tenantId, t.name)],
);

export const users = pgTable(
  'users',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    roleId: uuid().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    avatar: text(),
    isActive: boolean().notNull().default(true),
    lastSeenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    index('users_email_idx').on(t.email),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
  ],
);

