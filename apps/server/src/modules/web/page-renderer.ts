import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { TServerPage, TServerRenderer } from '@tavolo/contracts/server-render';

export interface PageRenderer {
  /** The root's markup, or null: not a server-rendered page, no renderer, busy, failed or too slow. */
  render(page: TServerPage): Promise<string | null>;
  /** Loads the renderer and renders one page, so the first visitor does not pay for loading and compiling it. */
  warmUp(mainDomain: string): Promise<void>;
}

export interface PageRendererLimits {
  cacheSize: number;
  /** How long a rendered page is reused: a restaurant's data is in the key, but "open now" moves with the clock. */
  cacheMs: number;
  /** Renders run one at a time; beyond this many waiting, the browser renders the page itself. */
  maxPending: number;
  timeoutMs: number;
}

const LIMITS: PageRendererLimits = { cacheSize: 256, cacheMs: 60_000, maxPending: 8, timeoutMs: 3_000 };

/**
 * The web build's server renderer (<web dist>/ssr/entry-server.js, from `vite build --ssr`), so public pages
 * arrive with their first screen as HTML. It is an extra: without that file, or when a render fails, is slow
 * or the renderer is busy, the page is sent as before and the browser renders it. A render costs tens of
 * milliseconds of CPU, so results are kept for a minute by address, language and the data they show (the
 * restaurant's public reads are in the key, so a menu change shows at once).
 */
export function createPageRenderer(webDist: string, log: FastifyBaseLogger, limits: Partial<PageRendererLimits> = {}): PageRenderer {
  const { cacheSize, cacheMs, maxPending, timeoutMs } = { ...LIMITS, ...limits };
  const file = path.join(webDist, 'ssr', 'entry-server.js');
  let loaded: { mtimeMs: number; renderer: Promise<TServerRenderer> } | null = null;
  const cache = new Map<string, { html: string | null; at: number }>();
  let pending = 0;

  // A rebuild replaces the file: load the new one (a query string makes it a new module for Node).
  const renderer = (): Promise<TServerRenderer> | null => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = fs.statSync(file));
    } catch {
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, renderer: import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<TServerRenderer> };
      cache.clear();
    }
    return loaded.renderer;
  };

  const self: PageRenderer = {
    async render(page) {
      const load = renderer();
      if (!load) return null;
      const key = crypto.createHash('sha256').update(JSON.stringify([page.url, page.language, page.site, page.boot ?? null])).digest('base64url');
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < cacheMs) return hit.html;
      if (pending >= maxPending) return null;
      pending++;
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`server render took over ${timeoutMs} ms`)), timeoutMs)));
        const html = await Promise.race([load.then((r) => r.renderPage(page)), timeout]);
        cache.delete(key);
        cache.set(key, { html, at: Date.now() });
        // Oldest first in a Map: drop from the front.
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
        return html;
      } catch (error) {
        log.warn({ err: error, url: page.url }, 'server render failed; the browser renders the page');
        return null;
      } finally {
        clearTimeout(timer);
        pending--;
      }
    },
    async warmUp(mainDomain) {
      await self.render({ url: `http://${mainDomain}/`, site: { kind: 'platform', mainDomain }, language: 'en' });
    },
  };
  return self;
}
