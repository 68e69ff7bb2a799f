import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { products } from './menu.ts';
import { orders } from './orders.ts';
import { tenants } from './tenants.ts';

/** Ordering rules (issue #10): item options, taxes, delivery zones, scheduling, tips and coupons. */

const tenantRef = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * A group of choices ("Size": pick exactly 1; "Extras": up to 3). Groups are shared: one group can be attached to
 * many products (product_option_groups), so "Extras" is edited once.
 */
export const optionGroups = pgTable(
  'option_groups',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    /** 0: optional; 1 or more: required, at least this many. */
    minSelect: integer().notNull().default(0),
    maxSelect: integer().notNull().default(1),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('option_groups_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    check('option_groups_select_check', sql`${t.minSelect} >= 0 and ${t.maxSelect} >= 1 and ${t.minSelect} <= ${t.maxSelect}`),
  ],
);

/** One choice of a group, with what it adds to (or takes off) the product's price. */
export const menuOptions = pgTable(
  'options',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    groupId: uuid().notNull(),
    name: text().notNull(),
    priceDeltaCents: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [optionGroups.tenantId, optionGroups.id] }).onDelete('cascade'),
    index('options_tenant_group_idx').on(t.tenantId, t.groupId, t.sortOrder),
    check('options_price_delta_check', sql`${t.priceDeltaCents} between -10000000 and 10000000`),
  ],
);

/** Which groups a product offers, in which order. */
export const productOptionGroups = pgTable(
  'product_option_groups',
  {
    tenantId: tenantRef(),
    productId: uuid().notNull(),
    groupId: uuid().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.productId, t.groupId] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [optionGroups.tenantId, optionGroups.id] }).onDelete('cascade'),
    index('product_option_groups_tenant_group_idx').on(t.tenantId, t.groupId),
  ],
);

/**
 * A tax rate in thousandths of a percent (7000 = 7 %; New York's 8.875 % = 8875). One rate per restaurant is the default: products without a rate of their
 * own and the delivery fee use it. No rates at all: no tax is shown or charged.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    rateMillipercent: integer().notNull(),
    isDefault: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tax_rates_tenant_default_key').on(t.tenantId).where(sql`${t.isDefault}`),
    check('tax_rates_rate_check', sql`${t.rateMillipercent} between 0 and 100000`),
  ],
);

/**
 * Where a restaurant delivers: a list of postal codes, or a radius around the restaurant's location; each zone
 * with its own fee and minimum order. Zones are tried in sort order; the first that covers the address wins.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    kind: text({ enum: ['postal_codes', 'radius'] }).notNull(),
    /** Normalised (upper case, no spaces); a trailing * matches a prefix ("80*"). */
    postalCodes: text().array().notNull().default(sql`'{}'::text[]`),
    radiusMeters: integer(),
    feeCents: integer().notNull().default(0),
    minOrderCents: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('delivery_zones_tenant_sort_idx').on(t.tenantId, t.sortOrder),
    check('delivery_zones_kind_check', sql`${t.kind} in ('postal_codes', 'radius')`),
    check('delivery_zones_money_check', sql`${t.feeCents} >= 0 and ${t.minOrderCents} >= 0`),
    check('delivery_zones_radius_check', sql`${t.kind} <> 'radius' or ${t.radiusMeters} > 0`),
  ],
);

/** One row per restaurant; no row means the defaults in DEFAULT_ORDERING_SETTINGS. */
export const orderingSettings = pgTable('ordering_settings', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  asapEnabled: boolean().notNull().default(true),
  scheduledEnabled: boolean().notNull().default(true),
  /** Preparation time: the earliest slot is at least this far away. */
  leadTimeMinutes: integer().notNull().default(20),
  slotIntervalMinutes: integer().notNull().default(15),
  /** 0: today only. */
  daysAhead: integer().notNull().default(2),
  /** Orders per slot the kitchen takes (throttling); null: no limit. */
  maxOrdersPerSlot: integer(),
  /** "Busy: pause online orders for a while"; ordering resumes by itself at this time. */
  pausedUntil: timestamp({ withTimezone: true }),
  tipsEnabled: boolean().notNull().default(false),
  tipPresets: jsonb().$type<number[]>().notNull().default(sql`'[5,10,15]'::jsonb`),
  /** true: menu prices include tax (as in Germany); false: tax is added at checkout (as in the US). */
  pricesIncludeTax: boolean().notNull().default(true),
  /** The restaurant's location, for radius delivery zones. */
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  ...timestamps,
});

/** A promotion code. Percent: value 1..100; fixed: value in cents. Dates are days on the restaurant's clock. */
export const coupons = pgTable(
  'coupons',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    /** Stored upper case; codes are compared without regard to case. */
    code: text().notNull(),
    kind: text({ enum: ['percent', 'fixed'] }).notNull(),
    value: integer().notNull(),
    minOrderCents: integer().notNull().default(0),
    validFrom: date({ mode: 'string' }),
    validUntil: date({ mode: 'string' }),
    /** Null: unlimited. */
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('coupons_tenant_code_key').on(t.tenantId, t.code),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/**
 * One use of a coupon by an order. Limits count the rows whose order still stands: a rejected or cancelled order
 * gives its use back without a write.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    tenantId: tenantRef(),
    id: uuid().notNull().defaultRandom(),
    couponId: uuid().notNull(),
    orderId: uuid().notNull(),
    /** The guest's e-mail (lower case), or phone for a phone order without one: the per-customer limit counts by it. */
    customerKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.couponId], foreignColumns: [coupons.tenantId, coupons.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    uniqueIndex('coupon_redemptions_tenant_order_key').on(t.tenantId, t.orderId),
    index('coupon_redemptions_tenant_coupon_idx').on(t.tenantId, t.couponId, t.customerKey),
  ],
);
