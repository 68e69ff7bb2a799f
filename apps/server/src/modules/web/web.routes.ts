import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '@tavolo/contracts/errors';
import type { TSite } from '@tavolo/contracts/tenant';
import { escapeXml, headLanguage, marketingHead, originOf } from '../seo/seo.head.ts';
import { isUploadKey, type UploadsStore } from '../../lib/uploads/index.ts';

const SITE_PLACEHOLDER = '<!--site-data-->';

function siteData(request: FastifyRequest, mainDomain: string): TSite {
  const { site } = request;
  if (site.kind === 'tenant') {
    const { slug, name, status } = site.tenant;
    return { kind: 'tenant', mainDomain, tenant: { slug, name, status } };
  }
  return { kind: site.kind, mainDomain };
}

/** The page's own <title> and meta tags, and <html lang>, so crawlers (which run no JavaScript) read them. */
function withHead(html: string, request: FastifyRequest): string {
  const { site } = request;
  const lang = headLanguage(request);
  const head =
    site.kind === 'tenant'
      ? `<title>${escapeXml(site.tenant.name)}</title>`
      : site.kind === 'platform'
        ? marketingHead(originOf(request), request.url.split('?')[0]!, lang)
        : null;
  const withLang = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  return head ? withLang.replace(/<title>[^<]*<\/title>/, () => head) : withLang;
}

/**
 * Serves the built SPA: hashed assets under /build/ (cached for a year, brotli or gzip as built), uploads under /uploads/, and
 * index.html for every other GET so history routes work. index.html carries what the Host resolved to,
 * so the browser picks the right site (marketing, storefront, dashboards) without a round-trip.
 */
export const webRoutes: FastifyPluginAsync<{ webDist?: string; uploads: UploadsStore; mainDomain: string }> = async (app, opts) => {
  // Uploads are streamed from the store (disk or bucket) under the same URLs either way, so pages, mails and the
  // CSP never name the store. An upload's name is new for every file (a UUID), so it may be cached for good.
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isUploadKey(key) ? await opts.uploads.get(key) : null;
    if (!file) throw new AppError('NOT_FOUND');
    if (file.length > 0) reply.header('content-length', file.length);
    return reply.header('cache-control', 'public, max-age=2592000, immutable').type(file.contentType).send(file.body);
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
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      throw new AppError(request.site.kind === 'unknown' ? 'TENANT_NOT_FOUND' : 'NOT_FOUND');
    }
    const html = request.method === 'GET' || request.method === 'HEAD' ? template() : null;
    if (!html || request.url.startsWith('/build/') || request.url.startsWith('/uploads/')) throw new AppError('NOT_FOUND');
    const json = JSON.stringify(siteData(request, opts.mainDomain)).replace(/</g, '\\u003c');
    return reply
      .status(request.site.kind === 'unknown' ? 404 : 200)
      .header('cache-control', 'no-cache')
      // The head's language follows Accept-Language when the address has no ?lang=.
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(withHead(html, request).replace(SITE_PLACEHOLDER, `<script id="site-data" type="application/json">${json}</script>`));
  });
};
