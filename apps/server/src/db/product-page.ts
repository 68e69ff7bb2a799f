import { and, count, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';
import { categories, products } from './schema/index.ts';

/** `value` as a literal inside an ILIKE pattern: its own %, _ and \ match only themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Products joined with their category on the full (tenant, id) key. */
export const productCategoryJoin = and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId));

/**
 * One page of products (joined with their category) plus the total matching `where`: the admin product list
 * and the stock list page the same way, so they share it. `where` must filter by the tenant.
 */
export async function pageOfProducts<T extends SelectedFields>(
  db: Db,
  columns: T,
  where: SQL | undefined,
  order: SQL[],
  page: { page: number; per_page: number },
): Promise<{ rows: SelectResult<T, 'partial', { products: 'not-null'; categories: 'not-null' }>[]; total: number }> {
  // Drizzle cannot follow a generic selection through the builder; the declared return type restores it.
  const fields: SelectedFields = columns;
  const [rows, [total]] = await Promise.all([
    db
      .select(fields)
      .from(products)
      .innerJoin(categories, productCategoryJoin)
      .where(where)
      .orderBy(...order)
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows: rows as SelectResult<T, 'partial', { products: 'not-null'; categories: 'not-null' }>[], total: total?.value ?? 0 };
}
