import { and, asc, count, desc, eq, inArray, max, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAdminProductsQuery } from '@tavolo/contracts/menu';
import type { Db } from '../../db/client.ts';
import { containsText, pageOfProducts, productCategoryJoin } from '../../db/product-page.ts';
import { categories, products } from '../../db/schema/index.ts';

type ProductsQuery = z.output<typeof ZAdminProductsQuery>;

export interface CategoryValues {
  name: string;
  description: string | null;
  isActive: boolean;
}

export type ProductValues = Omit<typeof products.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  isActive: categories.isActive,
  sortOrder: categories.sortOrder,
  productsCount: count(products.id),
};

const productColumns = { product: products, categoryName: categories.name, categoryActive: categories.isActive };

/** The only Drizzle code of the menu module; every statement is filtered by the tenant's key. */
export function createMenuRepo(db: Db) {
  return {
    // ---- categories ----

    /** Every category in menu order with its product count: one statement. */
    listCategories(tenantId: string) {
      return db
        .select(categoryColumns)
        .from(categories)
        .leftJoin(products, productCategoryJoin)
        .where(eq(categories.tenantId, tenantId))
        .groupBy(categories.tenantId, categories.id)
        .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
    },

    async category(tenantId: string, id: string) {
      const [row] = await db
        .select(categoryColumns)
        .from(categories)
        .leftJoin(products, productCategoryJoin)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
        .groupBy(categories.tenantId, categories.id);
      return row;
    },

    async categoryExists(tenantId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
        .limit(1);
      return Boolean(row);
    },

    async categoryIds(tenantId: string): Promise<string[]> {
      const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.tenantId, tenantId));
      return rows.map((r) => r.id);
    },

    /** Appended at the end of the menu order. */
    async insertCategory(tenantId: string, values: CategoryValues): Promise<string> {
      const [last] = await db
        .select({ value: max(categories.sortOrder) })
        .from(categories)
        .where(eq(categories.tenantId, tenantId));
      const sortOrder = last?.value === null || last?.value === undefined ? 0 : last.value + 1;
      const [row] = await db
        .insert(categories)
        .values({ tenantId, ...values, sortOrder })
        .returning({ id: categories.id });
      return row!.id;
    },

    async updateCategory(tenantId: string, id: string, values: CategoryValues): Promise<boolean> {
      const rows = await db
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
        .returning({ id: categories.id });
      return rows.length > 0;
    },

    async setCategoryOrder(tenantId: string, id: string, sortOrder: number) {
      await db
        .update(categories)
        .set({ sortOrder })
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)));
    },

    async countProductsIn(tenantId: string, categoryId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.categoryId, categoryId)));
      return row?.value ?? 0;
    },

    async moveProducts(tenantId: string, from: string, to: string) {
      await db
        .update(products)
        .set({ categoryId: to, updatedAt: new Date() })
        .where(and(eq(products.tenantId, tenantId), eq(products.categoryId, from), ne(products.categoryId, to)));
    },

    async deleteCategory(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
        .returning({ id: categories.id });
      return rows.length > 0;
    },

    // ---- products ----

    /** One statement for the page, one for the total. */
    async listProducts(tenantId: string, query: ProductsQuery) {
      const where = and(
        eq(products.tenantId, tenantId),
        query.category_id ? eq(products.categoryId, query.category_id) : undefined,
        query.status === 'active' ? eq(products.isActive, true) : query.status === 'inactive' ? eq(products.isActive, false) : undefined,
        query.search ? or(containsText(products.name, query.search), containsText(products.description, query.search)) : undefined,
      );
      const dir = query.direction === 'desc' ? desc : asc;
      const sortColumn = {
        sort_order: products.sortOrder,
        name: products.name,
        price: products.priceCents,
        created_at: products.createdAt,
        stock: products.stockQuantity,
      }[query.sort];
      const order: SQL[] = [dir(sortColumn), asc(products.name), asc(products.id)];
      return pageOfProducts(db, productColumns, where, order, query);
    },

    async product(tenantId: string, id: string) {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, productCategoryJoin)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .limit(1);
      return row;
    },

    async productImage(tenantId: string, id: string): Promise<{ image: string | null } | undefined> {
      const [row] = await db
        .select({ image: products.image })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .limit(1);
      return row;
    },

    /** Whether any product of the restaurant still shows this image. */
    async imageInUse(tenantId: string, image: string): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.image, image)))
        .limit(1);
      return Boolean(row);
    },

    async insertProduct(tenantId: string, values: ProductValues): Promise<string> {
      const [row] = await db
        .insert(products)
        .values({ tenantId, ...values })
        .returning({ id: products.id });
      return row!.id;
    },

    async updateProduct(tenantId: string, id: string, values: ProductValues): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    async deleteProduct(tenantId: string, id: string): Promise<{ image: string | null } | undefined> {
      const [row] = await db
        .delete(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning({ image: products.image });
      return row;
    },

    async setProductsActive(tenantId: string, ids: string[], isActive: boolean): Promise<number> {
      const rows = await db
        .update(products)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)))
        .returning({ id: products.id });
      return rows.length;
    },
  };
}

export type MenuRepo = ReturnType<typeof createMenuRepo>;

/** Runs `fn` in one transaction with a repo bound to it. */
export function inMenuTransaction<T>(db: Db, fn: (repo: MenuRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createMenuRepo(tx as unknown as Db)));
}
