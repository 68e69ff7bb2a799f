import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '@tavolo/contracts/errors';
import { LANGUAGES, translate, type TLanguage } from '@tavolo/contracts/i18n';
import { PLATFORM_BOOT_ID, type TPlatformBoot } from '@tavolo/contracts/platform-boot';
import { STOREFRONT_BOOT_ID, type TStorefrontBoot } from '@tavolo/contracts/storefront-boot';
import { seoPageOf } from '@tavolo/contracts/seo';
import { SERVER_RENDERED_ATTRIBUTE } from '@tavolo/contracts/server-render';
import type { TSite } from '@tavolo/contracts/tenant';
import { escapeXml, headLanguage, marketingHead } from '../seo/seo.head.ts';
import { isUploadKey, type UploadsStore } from '../../lib/uploads/index.ts';
import { EARLY_CLICKS_SCRIPT } from './early-clicks-script.ts';
import { createPageRenderer } from './page-renderer.ts';
import { isApiPath } from '../../lib/api-path.ts';
import { requestOrigin } from '../../lib/origins.ts';

const SITE_PLACEHOLDER = '<!--site-data-->';
const ROOT_ELEMENT = '<div id="root"></div>';

function siteData(request: FastifyRequest, mainDomain: string): TSite {
  const { site } = request;
  if (site.kind === 'tenant') {
    const { slug, name, status, timeZone } = site.tenant;
    return { kind: 'tenant', mainDomain, tenant: { slug, name, status, time_zone: timeZone } };
  }
  return { kind: site.kind, mainDomain };
}

/**
 * A page's one address per language: its path with no query but `?lang=` naming one of our languages, and no
 * trailing slash. Only such addresses are rendered on the server (renders are cached by address, so any other
 * ?lang= value, a repeated or empty query or a trailing slash would each be rendered afresh), and on the landing
 * only such an address shows the unfiltered menu the page data carries.
 */
function plainAddress(request: FastifyRequest): string | null {
  const [pathname = '/'] = request.url.split('?');
  const query = request.url.slice(pathname.length);
  if (query !== '' && !LANGUAGES.some((lang) => query === `?lang=${lang}`)) return null;
  return pathname !== '/' && pathname.endsWith('/') ? null : pathname;
}

/** A restaurant's pages the web app marks serverRendered (app/routes/route-table.tsx): the landing, and the checkout's frame (its cart is the browser's). */
const TENANT_RENDERED_PATHS = new Set(['/', '/checkout']);

/**
 * Addresses the server renders (the web app's routes marked serverRendered): those of a restaurant above and the
 * main domain's pages with a head of their own, at their plain address. Others go to the browser as before, so no
 * made-up address or query string can make the server render (and cache) pages without end.
 */
function serverRenderable(request: FastifyRequest): boolean {
  const pathname = plainAddress(request);
  if (pathname === null || !ownPort(request)) return false;
  return request.site.kind === 'tenant' ? TENANT_RENDERED_PATHS.has(pathname) : request.site.kind === 'platform' && seoPageOf(pathname) !== null;
}

/**
 * The Host names no port, or the one this connection came in on. Links in a rendered page carry the Host's port, so
 * renders are cached per port: without this, `demo.example:1`, `:2` and so on would each cost a fresh render and
 * push real pages out of the cache. (Behind a proxy the Host has no port; a made-up one gets the unrendered page.)
 */
function ownPort(request: FastifyRequest): boolean {
  const { port } = request;
  return port === null || port === request.socket.localPort;
}

/** JSON inside a <script> element: `<` escaped, so no value can close the element (`</script>`) or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page's own <title> and meta tags, and <html lang>, so crawlers (which run no JavaScript) read them. On a
 * restaurant's host: its name, and its description (or a sentence naming it) when its public data was read.
 */
function withHead(html: string, request: FastifyRequest, boot: TStorefrontBoot | null, lang: TLanguage): string {
  const { site } = request;
  let head: string | null = null;
  if (site.kind === 'tenant') {
    const name = boot?.details.business_name ?? site.tenant.name;
    const description = boot && (boot.settings.description?.trim() || translate(lang, 'storefront.meta_description', { name }));
    // The first dish's picture is the landing's largest paint: fetched alongside the scripts instead of after them.
    const picture = boot?.products?.data.find((p) => p.image?.startsWith('/uploads/'))?.image;
    head = [
      `<title>${escapeXml(name)}</title>`,
      ...(description ? [`<meta name="description" content="${escapeXml(description)}" />`] : []),
      ...(picture ? [`<link rel="preload" as="image" href="${escapeXml(picture)}" fetchpriority="high" />`] : []),
    ].join('\n    ');
  } else if (site.kind === 'platform') head = marketingHead(requestOrigin(request), request.url.split('?')[0]!, lang);
  const withLang = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  return head ? withLang.replace(/<title>[^<]*<\/title>/, () => head) : withLang;
}

/**
 * Serves the built SPA: hashed assets under /build/ (cached for a year, brotli or gzip as built), uploads under /uploads/, and
 * index.html for every other GET so history routes work. index.html carries what the Host resolved to,
 * so the browser picks the right site (marketing, storefront, dashboards) without a round-trip.
 */
export const webRoutes: FastifyPluginAsync<{
  webDist?: string;
  uploads: UploadsStore;
  mainDomain: string;
  /** Load and run the server renderer once at start-up (not in tests: they build many apps). */
  warmUp?: boolean;
  /** A restaurant's public reads, inlined into its storefront pages (the dashboard loads its own). */
  storefrontBoot?: (tenantId: string, options: { menu: boolean }) => Promise<TStorefrontBoot>;
  /** The main domain's public reads, inlined into its marketing pages. */
  platformBoot?: () => Promise<TPlatformBoot>;
  /** Whether a restaurant's page whose address names its data (a custom page's slug, an order's link) has that data. */
  storefrontPageExists?: (tenantId: string, pathname: string) => Promise<boolean>;
}> = async (app, opts) => {
  // Uploads are streamed from the store (disk or bucket) under the same URLs either way, so pages, mails and the
  // CSP never name the store. An upload's name is new for every file (a UUID), so it may be cached for good.
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isUploadKey(key) ? await opts.uploads.get(key) : null;
    if (!file) throw new AppError('NOT_FOUND');
    if (file.length > 0) reply.header('content-length', file.length);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.contentType).send(file.body);
  });

  const indexFile = opts.webDist && path.join(opts.webDist, 'index.html');
  // Re-read index.html when a rebuild replaces it, so a running server never points at deleted chunks.
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = (): string | null => {
    if (!indexFile) return null;
    try {
      const { mtimeMs } = fs.statSync(indexFile);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
  if (opts.webDist && fs.existsSync(opts.webDist)) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/build/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      // The build writes x.js.br and x.js.gz next to x.js (apps/web/vite.config.ts): sent as the browser accepts.
      preCompressed: true,
      // The server renderer's bundle (dist/ssr) is for this process, not for browsers.
      allowedPath: (pathName) => !/^\/?ssr(\/|$)/.test(pathName),
    });
  }
  const renderer = opts.webDist ? createPageRenderer(opts.webDist, app.log) : null;
  // In the background: pages asked for meanwhile wait for it (or, beyond the queue, go out for the browser to render).
  if (renderer && opts.warmUp) app.addHook('onReady', async () => void renderer.warmUp(opts.mainDomain));
  if (renderer) app.addHook('onClose', () => renderer.close());

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      throw new AppError(request.site.kind === 'unknown' ? 'TENANT_NOT_FOUND' : 'NOT_FOUND');
    }
    const html = request.method === 'GET' || request.method === 'HEAD' ? template() : null;
    if (!html || request.url.startsWith('/build/') || request.url.startsWith('/uploads/')) throw new AppError('NOT_FOUND');
    const { site } = request;
    const storefront = site.kind === 'tenant' && opts.storefrontBoot && !/^\/dashboard(\/|$)/.test(request.url);
    // Only from the Host's own restaurant; the page still works without it (the storefront then asks the API).
    const boot = storefront ? await opts.storefrontBoot!(site.tenant.id, { menu: plainAddress(request) === '/' }).catch((error: unknown) => (request.log.warn({ err: error }, 'storefront boot data'), null)) : null;
    // The marketing pages (those with a head of their own): the plan cards' figures.
    const marketing = site.kind === 'platform' && opts.platformBoot && seoPageOf(request.url.split('?')[0]!) !== null;
    const platformBoot = marketing ? await opts.platformBoot!().catch((error: unknown) => (request.log.warn({ err: error }, 'platform boot data'), null)) : null;
    const siteJson = siteData(request, opts.mainDomain);
    // Public pages come with their first screen rendered (the browser hydrates it); the rest as before.
    const language = headLanguage(request);
    const markup = renderer && serverRenderable(request) ? await renderer.render({ url: `${requestOrigin(request).toLowerCase()}${request.url}`, site: siteJson, language, boot, platformBoot }) : null;
    const scripts = [
      // A rendered page shows buttons before the app runs: taps on them are held from the start.
      ...(markup === null ? [] : [`<script>${EARLY_CLICKS_SCRIPT}</script>`]),
      `<script id="site-data" type="application/json">${scriptJson(siteJson)}</script>`,
      ...(boot ? [`<script id="${STOREFRONT_BOOT_ID}" type="application/json">${scriptJson(boot)}</script>`] : []),
      ...(platformBoot ? [`<script id="${PLATFORM_BOOT_ID}" type="application/json">${scriptJson(platformBoot)}</script>`] : []),
    ];
    const page = withHead(html, request, boot, language).replace(SITE_PLACEHOLDER, () => scripts.join(''));
    // An address with no page shows the app's not-found page, and says so to crawlers and link checkers (a
    // rendered page has one by definition).
    const pathname = request.url.split('?')[0]!;
    const found =
      site.kind !== 'unknown' &&
      (markup !== null || !renderer || (await renderer.statusOf(siteJson, pathname)) !== 404) &&
      // A custom page or an order link that leads nowhere shows the app's "not found" too: say so as well.
      (site.kind !== 'tenant' || !opts.storefrontPageExists || (await opts.storefrontPageExists(site.tenant.id, pathname).catch(() => true)));
    return reply
      .status(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      // The language follows the `language` cookie, else Accept-Language, when the address has no ?lang=.
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(markup === null ? page : page.replace(ROOT_ELEMENT, () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${language}">${markup}</div>`));
  });
};
