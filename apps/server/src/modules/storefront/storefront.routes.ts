import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicProductsQuery } from '@tavolo/contracts/storefront';
import type { Db } from '../../db/client.ts';
import { tenantOf } from '../../plugins/context.ts';
import { createStorefrontRepo } from './storefront.repo.ts';
import { sendCached } from './storefront.cache.ts';
import type { StorefrontReads, TPublicProductsQueryParsed } from './storefront.service.ts';

/** The cache key of a product page: every parameter the answer depends on, in a fixed order; tag lists are sets. */
export function productsKey(q: TPublicProductsQueryParsed): string {
  const set = (list: string[] | undefined) => (list?.length ? [...new Set(list)].sort() : null);
  return `products:${JSON.stringify([q.category_id ?? null, q.search ?? null, set(q.diet), set(q.allergen_free), q.sort, q.page, q.per_page])}`;
}

/** A menu page from the micro-cache, as GET /api/tenant/public/products answers it (index.html inlines the first). */
export function cachedProductPage(app: FastifyInstance, reads: StorefrontReads, tenantId: string, q: TPublicProductsQueryParsed) {
  return app.storefrontCache.get(tenantId, productsKey(q), async () => ({ success: true, data: await reads.products(tenantId, q) }));
}

/** The active categories in menu order, as GET /api/tenant/public/categories answers (micro-cached). */
export function cachedCategories(app: FastifyInstance, db: Db, tenantId: string) {
  return app.storefrontCache.get(tenantId, 'categories', async () => {
    const rows = await createStorefrontRepo(db).categories(tenantId);
    return { success: true, data: { data: rows, total: rows.length, per_page: rows.length, current_page: 1, last_page: 1 } };
  });
}

/** The public reads a restaurant's storefront makes (SPEC §7). */
export const storefrontRoutes: FastifyPluginAsyncZod<{ db: Db; reads: StorefrontReads }> = async (app, { db, reads }) => {
  const tags = ['storefront'];
  const config = { site: 'tenant' as const };

  app.get('/api/tenant/settings', { schema: { tags, summary: 'Public restaurant settings' }, config }, async (request) => {
    return { success: true, data: await reads.settings(tenantOf(request.site).id) };
  });

  app.get('/api/tenant/get-tenant-details', { schema: { tags, summary: 'Restaurant header card' }, config }, async (request) => {
    return { success: true, data: await reads.details(tenantOf(request.site).id) };
  });

  // The menu (categories, products) comes from the micro-cache; what the cache keys on is all the answer depends on.
  app.get('/api/tenant/public/categories', { schema: { tags, summary: 'Active categories in menu order' }, config }, async (request, reply) => {
    return sendCached(request, reply, await cachedCategories(app, db, tenantOf(request.site).id));
  });

  app.get(
    '/api/tenant/public/products',
    { schema: { tags, summary: 'Active products of active categories, filtered, sorted and paged', querystring: ZPublicProductsQuery }, config },
    async (request, reply) => {
      const q = request.query;
      const tenantId = tenantOf(request.site).id;
      const cached = await cachedProductPage(app, reads, tenantId, q);
      return sendCached(request, reply, cached);
    },
  );
};
