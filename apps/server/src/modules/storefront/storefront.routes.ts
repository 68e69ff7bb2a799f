import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAllergen, TDietTag } from '@tavolo/contracts/ordering';
import type { z } from 'zod';
import { discounted, ZPublicProductsQuery, type TPublicOptionGroup, type TPublicProduct } from '@tavolo/contracts/storefront';
import type { TPage } from '@tavolo/contracts/envelope';
import type { Db } from '../../db/client.ts';
import { tenantOf } from '../../plugins/context.ts';
import { createRulesRepo } from '../orders/rules.repo.ts';
import { createStorefrontRepo } from './storefront.repo.ts';
import { sendCached } from './storefront.cache.ts';
import type { StorefrontReads } from './storefront.service.ts';

type TPublicProductsQueryParsed = z.output<typeof ZPublicProductsQuery>;

/** The cache key of a product page: every parameter the answer depends on, in a fixed order; tag lists are sets. */
export function productsKey(q: TPublicProductsQueryParsed): string {
  const set = (list: string[] | undefined) => (list?.length ? [...new Set(list)].sort() : null);
  return `products:${JSON.stringify([q.category_id ?? null, q.search ?? null, set(q.diet), set(q.allergen_free), q.sort, q.page, q.per_page])}`;
}

/** The public reads a restaurant's storefront makes (SPEC §7). */
export const storefrontRoutes: FastifyPluginAsyncZod<{ db: Db; reads: StorefrontReads }> = async (app, { db, reads }) => {
  const repo = createStorefrontRepo(db);
  const rules = createRulesRepo(db);
  const tags = ['storefront'];
  const config = { site: 'tenant' as const };

  app.get('/api/tenant/settings', { schema: { tags, summary: 'Public restaurant settings' }, config }, async (request) => {
    return { success: true, data: await reads.settings(tenantOf(request.site).id) };
  });

  app.get('/api/tenant/get-tenant-details', { schema: { tags, summary: 'Restaurant header card' }, config }, async (request) => {
    return { success: true, data: await reads.details(tenantOf(request.site).id) };
  });

  // The menu (categories, products) comes from the micro-cache; what the cache keys on is all the answer depends on.
  const cache = app.storefrontCache;

  app.get('/api/tenant/public/categories', { schema: { tags, summary: 'Active categories in menu order' }, config }, async (request, reply) => {
    const tenantId = tenantOf(request.site).id;
    const cached = await cache.get(tenantId, 'categories', async () => {
      const rows = await repo.categories(tenantId);
      return { success: true, data: { data: rows, total: rows.length, per_page: rows.length, current_page: 1, last_page: 1 } };
    });
    return sendCached(request, reply, cached);
  });

  app.get(
    '/api/tenant/public/products',
    { schema: { tags, summary: 'Active products of active categories, filtered, sorted and paged', querystring: ZPublicProductsQuery }, config },
    async (request, reply) => {
      const q = request.query;
      const tenantId = tenantOf(request.site).id;
      const cached = await cache.get(tenantId, productsKey(q), () => productPage(tenantId, q));
      return sendCached(request, reply, cached);
    },
  );

  async function productPage(tenantId: string, q: TPublicProductsQueryParsed): Promise<{ success: true; data: TPage<TPublicProduct> }> {
    const { rows, total } = await repo.products(tenantId, {
      categoryId: q.category_id,
      search: q.search,
      diet: q.diet,
      allergenFree: q.allergen_free,
      sort: q.sort,
      page: q.page,
      perPage: q.per_page,
    });
    // The page's option groups in two statements, whatever the page size; only active options, and only groups that still have one.
    const links = await rules.optionGroupsOf(
      tenantId,
      rows.map((r) => r.product.id),
    );
    const groupsOf = new Map<string, TPublicOptionGroup[]>();
    for (const l of links) {
      const options = l.options.filter((o) => o.isActive).map((o) => ({ id: o.id, name: o.name, price_delta_cents: o.priceDeltaCents }));
      if (!options.length) continue;
      const list = groupsOf.get(l.productId) ?? [];
      list.push({ id: l.groupId, name: l.name, min_select: l.minSelect, max_select: l.maxSelect, options });
      groupsOf.set(l.productId, list);
    }
    const data: TPage<TPublicProduct> = {
      data: rows.map(({ product: p, categoryName }) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        price_cents: p.priceCents,
        discount: p.discountPercent,
        final_price_cents: discounted(p.priceCents, p.discountPercent),
        image: p.image,
        category_id: p.categoryId,
        category: { name: categoryName },
        is_active: p.isActive,
        available: !p.trackStock || p.stockQuantity > 0,
        rating: p.rating,
        allergens: p.allergens as TAllergen[],
        diet_tags: p.dietTags as TDietTag[],
        option_groups: groupsOf.get(p.id) ?? [],
      })),
      total,
      per_page: q.per_page,
      current_page: q.page,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    };
    return { success: true, data };
  }
};
