import { boolean, check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from '../columns.ts';
import { tenants } from './tenants.ts';

export const categories = pgTable(
  'categories',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('categories_tenant_sort_idx').on(t.tenantId, t.sortOrder),
    // Two "Pizza" sections on one menu (or in the dish form's list) tell guests and staff nothing apart.
    uniqueIndex('categories_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Money is stored in integer minor units (cents); never as floats. */
export const products = pgTable(
  'products',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    categoryId: uuid().notNull(),
    name: text().notNull(),
    description: text(),
    priceCents: integer().notNull(),
    discountPercent: integer().notNull().default(0),
    image: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    trackStock: boolean().notNull().default(false),
    stockQuantity: integer().notNull().default(0),
    lowStockThreshold: integer().notNull().default(0),
    /** Allergen and diet tag codes (ALLERGENS, DIET_TAGS in contracts), shown as icons and filterable on the storefront. */
    allergens: text().array().notNull().default(sql`'{}'::text[]`),
    dietTags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Null: the restaurant's default tax rate. Checked by the service (tax_rates is in ordering.ts, which imports this file). */
    taxRateId: uuid(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
    index('products_tenant_category_idx').on(t.tenantId, t.categoryId, t.sortOrder),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_discount_check', sql`${t.discountPercent} between 0 and 100`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
  ],
);

export const STOCK_REASONS = ['adjustment', 'restock', 'waste', 'correction', 'order', 'order_cancelled'] as const;

/** Every change of a tracked product's stock, with the level it left behind (an audit trail). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    productId: uuid().notNull(),
    delta: integer().notNull(),
    quantityAfter: integer().notNull(),
    reason: text({ enum: STOCK_REASONS }).notNull(),
    note: text(),
    /** Who made the change (null for system changes, e.g. an order from a guest); no foreign key so deleting a user keeps the history. */
    userId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    index('stock_movements_tenant_product_created_idx').on(t.tenantId, t.productId, t.createdAt),
    check('stock_movements_delta_check', sql`${t.delta} <> 0`),
    check('stock_movements_quantity_check', sql`${t.quantityAfter} >= 0`),
    check('stock_movements_reason_check', sql`${t.reason} in ('adjustment', 'restock', 'waste', 'correction', 'order', 'order_cancelled')`),
  ],
);
