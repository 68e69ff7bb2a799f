import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';
import { categories, products } from './schema/index.ts';

/** `value` as a literal inside an ILIKE pattern: its own %, _ and \ match only themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accented letters and the plain ones a guest types instead ("tiramisu" for "Tiramisù", "kase" for "Käse"), for
 * Postgres's translate(): its unaccent is an extension PGlite lacks. Upper case too, as lower() leaves non-ASCII
 * letters alone in a C-locale database.
 */
const ACCENTED_LOWER = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőřśšťùúûüūůűųýÿźżž';
// Each letter's base letter (its first code point once decomposed); ł and ø do not decompose.
const PLAIN_LOWER = [...ACCENTED_LOWER].map((c) => ({ ł: 'l', ø: 'o' })[c] ?? c.normalize('NFD')[0]).join('');
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
const PLAIN = PLAIN_LOWER + PLAIN_LOWER;

/** A search term as translate(lower(column)) leaves a column: lower case, without accents. */
export const foldSearchTerm = (term: string) => [...term.toLowerCase()].map((c) => PLAIN[ACCENTED.indexOf(c)] ?? c).join('');

/** `column` contains `term`, whatever the case and accents of either. */
export const containsText = (column: SQLWrapper, term: string): SQL =>
  sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${`%${escapeLike(foldSearchTerm(term))}%`}`;

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
