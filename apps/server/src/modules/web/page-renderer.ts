import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { TServerPage, TServerRenderer } from '@tavolo/contracts/server-render';
import type { TSite } from '@tavolo/contracts/tenant';

export interface PageRenderer {
  /** The root's markup, or null: not a server-rendered page, no renderer, busy, failed or too slow. */
  render(page: TServerPage): Promise<string | null>;
  /** 404 when the web app has no page at this path, else 200 (also when there is no renderer or it does not answer). */
  statusOf(site: TSite, pathname: string): Promise<number>;
  /** Loads the renderer and renders one page, so the first visitor does not pay for loading and compiling it; resolves when done. */
  warmUp(mainDomain: string): Promise<void>;
  /** Stops the renderer's thread (the server is closing). */
  close(): Promise<void>;
}

export interface PageRendererLimits {
  cacheSize: number;
  /** How long a rendered page is reused: a restaurant's data is in the key, but "open now" moves with the clock. */
  cacheMs: number;
  /** Renders run one at a time; beyond this many unfinished, the browser renders the page itself. */
  maxPending: number;
  /** How long a visitor waits for a render: a slower one goes on for the cache while the browser renders this page. */
  timeoutMs: number;
  /** A render unanswered this long means a stuck thread: it is replaced. */
  stuckMs: number;
}

const LIMITS: PageRendererLimits = { cacheSize: 256, cacheMs: 60_000, maxPending: 8, timeoutMs: 3_000, stuckMs: 30_000 };

// The thread's whole program: load the web build's renderer, answer each call with its value or an error.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = import(workerData.url);
parentPort.on('message', async ({ id, method, args }) => {
  try {
    parentPort.postMessage({ id, value: await (await renderer)[method](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

type TMethod = keyof TServerRenderer;
type Reply = { id: number; value?: unknown; error?: string };

const keyOf = (page: TServerPage) =>
  crypto.createHash('sha256').update(JSON.stringify([page.url, page.language, page.site, page.boot ?? null, page.platformBoot ?? null])).digest('base64url');

/** One thread that runs the renderer module; it is replaced when the module changes, fails to load or hangs. */
class RenderThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  dead = false;

  constructor(moduleUrl: string) {
    this.worker = new Worker(THREAD, { eval: true, workerData: { url: moduleUrl } });
    this.worker.unref();
    this.worker.on('message', ({ id, value, error }: Reply) => {
      const call = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined) call?.reject(new Error(error));
      else call?.resolve(value as never);
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const call of this.waiting.values()) call.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the render thread stopped (exit code ${code})`)));
  }

  call<M extends TMethod>(method: M, ...args: Parameters<TServerRenderer[M]>): Promise<Awaited<ReturnType<TServerRenderer[M]>>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  async stop() {
    this.dead = true;
    await this.worker.terminate();
  }
}

/**
 * The web build's server renderer (<web dist>/ssr/entry-server.js, from `vite build --ssr`), so public pages
 * arrive with their first screen as HTML. It runs in a thread of its own: a render costs tens of milliseconds of
 * CPU, which must not hold up the API on the main thread. It is an extra: without that file, or when a render
 * fails, is slow or the renderer is busy, the page is sent as before and the browser renders it. Results are
 * kept for a minute by address, language and the data they show (the restaurant's public reads are in the key,
 * so a menu change shows at once).
 */
export function createPageRenderer(webDist: string, log: FastifyBaseLogger, limits: Partial<PageRendererLimits> = {}): PageRenderer {
  const { cacheSize, cacheMs, maxPending, timeoutMs, stuckMs } = { ...LIMITS, ...limits };
  const file = path.join(webDist, 'ssr', 'entry-server.js');
  let thread: { mtimeMs: number; worker: RenderThread } | null = null;
  const cache = new Map<string, { html: string | null; at: number }>();
  let pending = 0;

  // A rebuild replaces the file: a new thread loads the new one (each thread has its own module cache; the URL has
  // no query string, as the renderer's chunks import it by its plain name).
  const current = (): RenderThread | null => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = fs.statSync(file));
    } catch {
      return null;
    }
    if (!thread || thread.worker.dead || thread.mtimeMs !== mtimeMs) {
      if (thread && !thread.worker.dead) void thread.worker.stop();
      if (thread?.mtimeMs !== mtimeMs) cache.clear();
      thread = { mtimeMs, worker: new RenderThread(pathToFileURL(file).href) };
    }
    return thread.worker;
  };

  const remember = (key: string, html: string | null) => {
    cache.delete(key);
    cache.set(key, { html, at: Date.now() });
    // Oldest first in a Map: drop from the front.
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  };

  // A render of its own: it ends in the cache (or the log), however long its visitor waited.
  const renderInto = (worker: RenderThread, key: string, page: TServerPage): Promise<string | null> => {
    pending++;
    const stuck = setTimeout(() => void worker.stop(), stuckMs).unref();
    return worker
      .call('renderPage', page)
      .then(
        (html) => (remember(key, html), html),
        (error: unknown) => (log.warn({ err: error, url: page.url }, 'server render failed; the browser renders the page'), null),
      )
      .finally(() => {
        clearTimeout(stuck);
        pending--;
      });
  };

  // A visitor does not wait longer than timeoutMs for the thread (a busy machine, a cold thread).
  const inTime = async <T>(answer: Promise<T>): Promise<T | 'late'> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  const self: PageRenderer = {
    async render(page) {
      const worker = current();
      if (!worker) return null;
      const key = keyOf(page);
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < cacheMs) return hit.html;
      if (pending >= maxPending) return null;
      const rendering = renderInto(worker, key, page);
      // A slow render is not worth the wait: the thread is not stuck for that, and the next visitor gets the page
      // from the cache.
      const html = await inTime(rendering);
      if (html !== 'late') return html;
      log.warn({ url: page.url }, `server render took over ${timeoutMs} ms; the browser renders the page`);
      return null;
    },
    async statusOf(site, pathname) {
      const worker = current();
      if (!worker) return 200;
      const status = await inTime(worker.call('statusOf', site, pathname)).catch((error: unknown) => (log.warn({ err: error, pathname }, 'route status failed'), 200));
      return status === 'late' ? 200 : status;
    },
    async warmUp(mainDomain) {
      const page: TServerPage = { url: `http://${mainDomain}/`, site: { kind: 'platform', mainDomain }, language: 'en' };
      const worker = current();
      // However long it takes (loading the renderer is the slow part): visitors meanwhile wait as usual.
      if (worker) await renderInto(worker, keyOf(page), page);
    },
    async close() {
      await thread?.worker.stop();
      thread = null;
    },
  };
  return self;
}
