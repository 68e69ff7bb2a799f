import { and, arrayContains, arrayOverlaps, asc, count, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import type { TProductSort } from '@tavolo/contracts/storefront';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/product-page.ts';
import { categories, products, tenantSettings, tenants } from '../../db/schema/index.ts';

// Guests compare what they would pay: the price after the dish's discount (same rounding as discounted()).
const finalPrice = sql`round(${products.priceCents} * (100 - ${products.discountPercent}) / 100.0)`;

const SORTS: Record<TProductSort, SQL[]> = {
  default: [asc(categories.sortOrder), asc(products.sortOrder), asc(products.name)],
  price_low_high: [asc(finalPrice), asc(products.name)],
  price_high_low: [desc(finalPrice), asc(products.name)],
  rating: [desc(products.rating), asc(products.name)],
};

/** What the storefront shows of a dish: not its tax rate, stock threshold or timestamps. */
const PUBLIC_COLUMNS = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  discountPercent: products.discountPercent,
  image: products.image,
  categoryId: products.categoryId,
  isActive: products.isActive,
  trackStock: products.trackStock,
  stockQuantity: products.stockQuantity,
  rating: products.rating,
  allergens: products.allergens,
  dietTags: products.dietTags,
};

/** Public reads of one restaurant. Products of inactive categories never leave this file. */
export function createStorefrontRepo(db: Db) {
  return {
    async settings(tenantId: string) {
      const [row] = await db
        .select()
        .from(tenants)
        .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row;
    },

    categories(tenantId: string) {
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.isActive, true)))
        .orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async products(
      tenantId: string,
      query: { categoryId?: string; search?: string; diet?: string[]; allergenFree?: string[]; sort: TProductSort; page: number; perPage: number },
    ) {
      const where = and(
        eq(products.tenantId, tenantId),
        eq(products.isActive, true),
        eq(categories.isActive, true),
        query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
        // Every tag asked for; none of the allergens asked about.
        query.diet?.length ? arrayContains(products.dietTags, query.diet) : undefined,
        query.allergenFree?.length ? not(arrayOverlaps(products.allergens, query.allergenFree)) : undefined,
        // The dish's name or description, or its category's name ("pizza" finds every dish under Pizza).
        query.search ? or(...[products.name, products.description, categories.name].map((column) => containsText(column, query.search!))) : undefined,
      );
      const join = and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId));
      // The total rides along on every row (a window count), so a page is one statement; only a page past the end,
      // which has no rows to carry it, needs the separate count.
      const found = await db
        .select({ product: PUBLIC_COLUMNS, categoryName: categories.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(products)
        .innerJoin(categories, join)
        .where(where)
        .orderBy(...SORTS[query.sort])
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const rows = found.map(({ product, categoryName }) => ({ product, categoryName }));
      if (found.length > 0 || query.page === 1) return { rows, total: found[0]?.total ?? 0 };
      const [total] = await db.select({ value: count() }).from(products).innerJoin(categories, join).where(where);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

