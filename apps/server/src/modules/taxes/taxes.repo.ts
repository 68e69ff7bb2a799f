import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderingSettings, products, taxRates } from '../../db/schema/index.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;
type TaxRateValues = Pick<TaxRateRow, 'name' | 'rateMillipercent' | 'isDefault'>;

/** The only Drizzle code of the tax administration; every statement is filtered by tenant. */
export function createTaxesRepo(db: Db) {
  /** How many products use each rate of this restaurant (grouped once, joined to the list: no N+1). */
  const productCounts = (tenantId: string) =>
    db
      .select({ taxRateId: products.taxRateId, n: count().as('n') })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), sql`${products.taxRateId} is not null`))
      .groupBy(products.taxRateId)
      .as('rate_products');

  const select = (tenantId: string) => {
    const counts = productCounts(tenantId);
    return db
      .select({ rate: taxRates, productsCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
      .from(taxRates)
      .leftJoin(counts, eq(counts.taxRateId, taxRates.id));
  };

  return {
    /** Default first, then by rate and name (the order the product form offers them in). */
    list: (tenantId: string) =>
      select(tenantId)
        .where(eq(taxRates.tenantId, tenantId))
        .orderBy(sql`${taxRates.isDefault} desc`, asc(taxRates.rateMillipercent), asc(taxRates.name), asc(taxRates.id)),

    async get(tenantId: string, id: string) {
      const [row] = await select(tenantId).where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.id, id)));
      return row;
    },

    /**
     * Serialises the restaurant's tax writes until the transaction ends (the ordering settings row is the
     * restaurant's lock; created with the defaults when missing, which reads the same as no row).
     */
    async lock(tenantId: string) {
      await db.insert(orderingSettings).values({ tenantId }).onConflictDoNothing();
      await db.execute(sql`select 1 from ${orderingSettings} where ${orderingSettings.tenantId} = ${tenantId} for update`);
    },

    async rates(tenantId: string) {
      return db.select({ id: taxRates.id, isDefault: taxRates.isDefault }).from(taxRates).where(eq(taxRates.tenantId, tenantId));
    },

    /** Clears the default flag on every rate but `exceptId`. */
    async clearDefault(tenantId: string, exceptId?: string) {
      await db
        .update(taxRates)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.isDefault, true), exceptId ? ne(taxRates.id, exceptId) : undefined));
    },

    async insert(tenantId: string, values: TaxRateValues) {
      const [row] = await db
        .insert(taxRates)
        .values({ tenantId, ...values })
        .returning({ id: taxRates.id });
      return row!.id;
    },

    async update(tenantId: string, id: string, values: TaxRateValues) {
      await db
        .update(taxRates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.id, id)));
    },

    /** Products that had this rate fall back to the default (null). */
    async releaseProducts(tenantId: string, id: string) {
      await db
        .update(products)
        .set({ taxRateId: null, updatedAt: new Date() })
        .where(and(eq(products.tenantId, tenantId), eq(products.taxRateId, id)));
    },

    async delete(tenantId: string, id: string) {
      await db.delete(taxRates).where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.id, id)));
    },

    async pricesIncludeTax(tenantId: string) {
      const [row] = await db.select({ v: orderingSettings.pricesIncludeTax }).from(orderingSettings).where(eq(orderingSettings.tenantId, tenantId));
      return row?.v ?? true;
    },

    /** Upsert touching prices_include_tax only: the other ordering settings keep their values (or defaults). */
    async savePricesIncludeTax(tenantId: string, value: boolean) {
      await db
        .insert(orderingSettings)
        .values({ tenantId, pricesIncludeTax: value })
        .onConflictDoUpdate({ target: orderingSettings.tenantId, set: { pricesIncludeTax: value, updatedAt: new Date() } });
    },
  };
}
export type TaxesRepo = ReturnType<typeof createTaxesRepo>;

export function inTaxesTransaction<T>(db: Db, fn: (repo: TaxesRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createTaxesRepo(tx as unknown as Db)));
}
