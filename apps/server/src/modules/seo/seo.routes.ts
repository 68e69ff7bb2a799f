import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/origins.ts';
import type { SeoService } from './seo.service.ts';

// The main domain answers with the marketing pages, a restaurant's host with its storefront; unknown hosts 404.
const known = { site: 'known' as const };

/** /sitemap.xml and /robots.txt for crawlers. Logic in seo.service.ts. */
export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoService }> = async (app, { seo }) => {
  const tags = ['seo'];

  app.get('/sitemap.xml', { schema: { tags, summary: 'The pages of this host in both languages' }, config: known }, async (request, reply) => {
    const { site } = request;
    const origin = requestOrigin(request);
    const xml = site.kind === 'tenant' ? await seo.tenantSitemap(site.tenant.id, origin) : seo.platformSitemap(origin);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { tags, summary: 'What crawlers may visit on this host' }, config: known }, async (request, reply) => {
    const { site } = request;
    const origin = requestOrigin(request);
    const text = site.kind === 'tenant' ? seo.tenantRobots(origin) : seo.platformRobots(origin);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
  });
};
