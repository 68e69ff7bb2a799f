import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../lib/bus.ts';

/** A cached response body, serialised once, with its ETag. */
export interface CachedBody {
  body: Buffer;
  etag: string;
}

interface Entry extends CachedBody {
  tenantId: string;
  expires: number;
}

export interface StorefrontCacheOptions {
  /** How long an entry is served; bounds staleness should an invalidation be lost (0 turns caching off). */
  ttlMs: number;
  /** Upper bound of the bodies kept, in bytes; the least recently used go first. */
  maxBytes: number;
  now?: () => number;
}

/**
 * Micro-cache for the storefront's public reads (the menu is read far more often than it changes): per process,
 * keyed by tenant + normalised query, bounded in bytes (LRU), entries live `ttlMs`. `invalidate(tenantId)` drops
 * the tenant's entries in this process at once; writes go through `app.invalidateStorefront`, which tells every
 * process.
 *
 * Concurrent misses for one key share a single load. A load that started before an invalidation is not stored
 * (per-tenant generation), so a slow query cannot put the old menu back after a write.
 */
export class StorefrontCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOf = new Map<string, Set<string>>();
  private readonly loading = new Map<string, { tenantId: string; promise: Promise<CachedBody> }>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: StorefrontCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached body for `key` of `tenantId`, or the one `load` builds (then kept for the TTL). */
  get(tenantId: string, key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    if (this.options.ttlMs <= 0) return load().then(serialise);
    const id = `${tenantId}\n${key}`;
    const hit = this.entries.get(id);
    if (hit) {
      if (hit.expires > this.now()) {
        // Most recently used last: Map keeps insertion order, so the first entry is the one to evict.
        this.entries.delete(id);
        this.entries.set(id, hit);
        return Promise.resolve(hit);
      }
      this.remove(id, hit);
    }
    const pending = this.loading.get(id);
    if (pending) return pending.promise;
    const stamp = this.stamp(tenantId);
    const promise = load()
      .then(serialise)
      .then((body) => {
        if (this.stamp(tenantId) === stamp) this.store(id, tenantId, body);
        return body;
      })
      .finally(() => {
        if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
      });
    this.loading.set(id, { tenantId, promise });
    return promise;
  }

  /** Drops one tenant's entries (or every tenant's) at once; loads already running are not stored. */
  invalidate(tenantId?: string): void {
    if (tenantId === undefined) {
      this.epoch++;
      this.entries.clear();
      this.keysOf.clear();
      this.loading.clear();
      this.generations.clear();
      this.bytes = 0;
      return;
    }
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    for (const id of this.keysOf.get(tenantId) ?? []) {
      const entry = this.entries.get(id);
      if (entry) this.remove(id, entry);
    }
    this.keysOf.delete(tenantId);
    for (const [id, pending] of this.loading) if (pending.tenantId === tenantId) this.loading.delete(id);
  }

  /** Entries and bytes held (for tests and health). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private stamp(tenantId: string): string {
    return `${this.epoch}:${this.generations.get(tenantId) ?? 0}`;
  }

  private store(id: string, tenantId: string, body: CachedBody): void {
    // A body larger than the whole budget would only evict everything else.
    if (body.body.length > this.options.maxBytes) return;
    const old = this.entries.get(id);
    if (old) this.remove(id, old);
    this.entries.set(id, { ...body, tenantId, expires: this.now() + this.options.ttlMs });
    this.bytes += body.body.length;
    let keys = this.keysOf.get(tenantId);
    if (!keys) this.keysOf.set(tenantId, (keys = new Set()));
    keys.add(id);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private remove(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.bytes -= entry.body.length;
    const keys = this.keysOf.get(entry.tenantId);
    keys?.delete(id);
    if (keys?.size === 0) this.keysOf.delete(entry.tenantId);
  }
}

function serialise(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak validators and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * Sends a cached JSON body as is (no serialisation per request). Browsers may keep it but must ask again each time
 * (`no-cache`): a menu change shows on the next load, and an unchanged menu costs a 304 without a body.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('cache-control', 'no-cache').header('etag', cached.etag);
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's storefront micro-cache (its `invalidate` is local: use `invalidateStorefront` after a write). */
    storefrontCache: StorefrontCache;
    /** After a write that changes what a storefront shows: drops the restaurant's (or, without id, every) cached menu in every process. */
    invalidateStorefront(tenantId?: string): void;
  }
}

export interface StorefrontCachePluginOptions extends StorefrontCacheOptions {
  /** Carries invalidations to the other server processes; without it they stay in this one. */
  bus?: Bus;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Decorates the app with the cache and drops a restaurant's entries after every write request on its host, once
 * the handler has finished (its transaction committed) and before the answer leaves: the menu, options, stock
 * (an order takes some), discounts and settings all change through these routes, and a route added later is
 * covered without anyone remembering the cache. A refused request (4xx: validation, CSRF, permissions, a sold-out
 * dish) changed nothing and keeps the cache, so junk requests cannot flush it. An operator's write on the main
 * domain (status, plans, deleting a restaurant) drops every restaurant's entries. Writes outside a request (the
 * order escalation's automatic rejections giving stock back) call `invalidateStorefront` themselves.
 *
 * With a bus the invalidation is a bus message: this process drops its entries at once (the bus delivers
 * locally before returning), the others on receipt; a bus resync (messages may have been missed) drops all.
 */
export const storefrontCachePlugin = fp<StorefrontCachePluginOptions>(async (app, { bus, ...opts }) => {
  const cache = new StorefrontCache(opts);
  app.decorate('storefrontCache', cache);
  bus?.subscribe((message) => {
    if (message.kind === 'storefront') cache.invalidate(message.tenantId ?? undefined);
    else if (message.kind === 'resync') cache.invalidate();
  });
  const invalidate = (tenantId?: string) => {
    if (bus) bus.publish({ kind: 'storefront', tenantId: tenantId ?? null });
    else cache.invalidate(tenantId);
  };
  app.decorate('invalidateStorefront', invalidate);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (UNSAFE.has(request.method) && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      const site = request.site as FastifyRequest['site'] | null;
      if (site?.kind === 'tenant') invalidate(site.tenant.id);
      else if (site?.kind === 'platform' && request.auth) invalidate();
    }
    done(null, payload);
  });
});
