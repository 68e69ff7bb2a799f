import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZStockHistoryQuery, ZStockQuery } from '@tavolo/contracts/stock';
import type { Db } from '../../db/client.ts';
import { containsText, pageOfProducts, productCategoryJoin } from '../../db/product-page.ts';
import { categories, products, stockMovements, users, type STOCK_REASONS } from '../../db/schema/index.ts';

type StockQuery = z.output<typeof ZStockQuery>;
type HistoryQuery = z.output<typeof ZStockHistoryQuery>;
export type StockReason = (typeof STOCK_REASONS)[number];

const levelColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  trackStock: products.trackStock,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  categoryName: categories.name,
};

const movementColumns = {
  id: stockMovements.id,
  delta: stockMovements.delta,
  quantityAfter: stockMovements.quantityAfter,
  reason: stockMovements.reason,
  note: stockMovements.note,
  userName: users.name,
  createdAt: stockMovements.createdAt,
};

/** The only Drizzle code of the stock module; every statement is filtered by the tenant's key. */
export function createStockRepo(db: Db) {
  return {
    /** Tracked products with their levels: one statement plus one count. */
    async listLevels(tenantId: string, query: StockQuery) {
      const where = and(
        eq(products.tenantId, tenantId),
        eq(products.trackStock, true),
        query.filter === 'low' ? lte(products.stockQuantity, products.lowStockThreshold) : undefined,
        query.filter === 'out' ? eq(products.stockQuantity, 0) : undefined,
        query.search ? containsText(products.name, query.search) : undefined,
      );
      const order: SQL[] = query.filter === 'all' ? [asc(products.name), asc(products.id)] : [asc(products.stockQuantity), asc(products.name), asc(products.id)];
      return pageOfProducts(db, levelColumns, where, order, query);
    },

    async level(tenantId: string, productId: string) {
      const [row] = await db
        .select(levelColumns)
        .from(products)
        .innerJoin(categories, productCategoryJoin)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
      return row;
    },

    /** The product's stock row, locked until the surrounding transaction ends (call inside one). */
    async lockProduct(tenantId: string, productId: string) {
      const [row] = await db
        .select({ trackStock: products.trackStock, stockQuantity: products.stockQuantity })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
        .for('update');
      return row;
    },

    async setQuantity(tenantId: string, productId: string, quantity: number) {
      await db
        .update(products)
        .set({ stockQuantity: quantity })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
    },

    async insertMovement(values: { tenantId: string; productId: string; delta: number; quantityAfter: number; reason: StockReason; note: string | null; userId: string | null }) {
      const [row] = await db.insert(stockMovements).values(values).returning({ id: stockMovements.id });
      return row!.id;
    },

    async movement(tenantId: string, id: string) {
      const [row] = await db
        .select(movementColumns)
        .from(stockMovements)
        .leftJoin(users, and(eq(users.tenantId, stockMovements.tenantId), eq(users.id, stockMovements.userId)))
        .where(and(eq(stockMovements.tenantId, tenantId), eq(stockMovements.id, id)));
      return row;
    },

    async productExists(tenantId: string, productId: string) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
      return row !== undefined;
    },

    /** A product's movements, newest first: one statement plus one count. */
    async listMovements(tenantId: string, productId: string, query: HistoryQuery) {
      const where = and(eq(stockMovements.tenantId, tenantId), eq(stockMovements.productId, productId));
      const [rows, [total]] = await Promise.all([
        db
          .select(movementColumns)
          .from(stockMovements)
          .leftJoin(users, and(eq(users.tenantId, stockMovements.tenantId), eq(users.id, stockMovements.userId)))
          .where(where)
          .orderBy(desc(stockMovements.createdAt), desc(stockMovements.quantityAfter), desc(stockMovements.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(stockMovements).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}
export type StockRepo = ReturnType<typeof createStockRepo>;
