import { LANGUAGES } from '@tavolo/contracts/i18n';
import { isStandardPageSlug, publicPagePath } from '@tavolo/contracts/cms';
import { MARKETING_UPDATED, SITEMAP_PATHS, localizedUrl } from '@tavolo/contracts/seo';
import type { Db } from '../../db/client.ts';
import { createCmsRepo } from '../cms/cms.repo.ts';
import { escapeXml } from './seo.head.ts';

interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when known. */
  lastmod?: string;
}

/** A restaurant's public pages; the standard content pages always exist (default text until written). */
const STOREFRONT_PATHS = ['/', '/reservation', '/contact', '/about', '/privacy', '/terms'] as const;

/** One <url> per language version, each naming all of them (xhtml:link), as search engines ask for. */
function urlset(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap(({ path, lastmod }) =>
    LANGUAGES.map((lang) =>
      [
        '  <url>',
        `    <loc>${escapeXml(localizedUrl(origin, path, lang))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        ...LANGUAGES.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(localizedUrl(origin, path, alt))}"/>`),
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const robots = (origin: string, disallow: string[]) =>
  ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

/** sitemap.xml and robots.txt of the main domain and of each restaurant's host. */
export function createSeoService(deps: { db: Db }) {
  const cms = createCmsRepo(deps.db);
  return {
    platformSitemap(origin: string): string {
      return urlset(
        origin,
        SITEMAP_PATHS.map((path) => ({ path, lastmod: MARKETING_UPDATED })),
      );
    },

    platformRobots(origin: string): string {
      return robots(origin, ['/dashboard', '/login', '/forgot-password', '/reset-password', '/accept-invite']);
    },

    /** The storefront's pages and its published content pages, dated by their last edit where there is one. */
    async tenantSitemap(tenantId: string, origin: string): Promise<string> {
      const pages = await cms.list(tenantId, { publishedOnly: true });
      const edited = new Map(pages.map(({ page }) => [publicPagePath(page.slug), page.updatedAt.toISOString().slice(0, 10)]));
      const custom = pages.filter(({ page }) => !isStandardPageSlug(page.slug)).map(({ page }) => publicPagePath(page.slug));
      return urlset(
        origin,
        [...STOREFRONT_PATHS, ...custom].map((path) => ({ path, lastmod: edited.get(path) })),
      );
    },

    tenantRobots(origin: string): string {
      return robots(origin, ['/dashboard', '/checkout', '/login', '/order/']);
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
