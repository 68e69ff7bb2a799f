import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAdminProduct, TProductInput } from '@tavolo/contracts/menu';
import type { TOptionGroup, TOptionGroupInput } from '@tavolo/contracts/ordering';
import { orders, products, tenantSettings } from '../../db/schema/index.ts';
import { DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp, type TestClient, type TestTeam } from '../../test/harness.ts';
import { COALESCE_MS, createRemoteBus } from '../../lib/bus.ts';
import { StorefrontCache, matchesEtag, storefrontCachePlugin } from './storefront.cache.ts';

/** Guests order while the kitchen is open, whatever the hour the tests run at. */
const NOON = new Date('2026-06-10T12:00:00Z');

interface Product {
  id: string;
  name: string;
  final_price_cents: number;
  available: boolean;
  category: { name: string };
  option_groups: { name: string; options: { name: string }[] }[];
}
type Page = { data: Product[]; total: number; current_page: number; last_page: number };

describeEachDb('storefront cache', (kind) => {
  // A long TTL: whatever a test sees fresh was invalidated, not expired.
  const t = useTestApp(kind, { seed: true, now: () => NOON, env: { STOREFRONT_CACHE_SECONDS: '300' } });
  let team: TestTeam;
  let admin: TestClient;
  let mains: string;
  let drinks: string;
  let pizza: TAdminProduct;
  let soda: TAdminProduct;

  const guest = () => t.client(team.r.host);
  /** A guest's pickup order of one dish. */
  const guestOrder = (productId: string, quantity: number) =>
    guest().post('/api/tenant/orders', {
      items: [{ product_id: productId, quantity }],
      customer_name: 'Grace Hopper',
      customer_phone: '+49 30 1234567',
      customer_email: 'grace@example.com',
      type: 'pickup',
    });
  const queries = () => t.database.queries.count;
  const page = async (query: Record<string, string | number> = {}, host = team.r.host) => {
    const res = await t.client(host).get('/api/tenant/public/products', { query: { per_page: 48, ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };
  const product = async (name: string) => (await page()).data.find((p) => p.name === name);
  /** A read costs no SQL when the cache answers it. */
  const cachedRead = async (query: Record<string, string | number> = {}) => {
    const before = queries();
    const result = await page(query);
    expect(queries() - before, 'served from the cache').toBe(0);
    return result;
  };
  const body = (categoryId: string, overrides: Partial<TProductInput> = {}): TProductInput => ({ name: 'Pizza', price_cents: 1000, category_id: categoryId, ...overrides });
  const ok = async (res: { statusCode: number; body: string }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return JSON.parse(res.body).data;
  };

  beforeAll(async () => {
    team = await t.registerTeam('cache');
    admin = team.admin;
    mains = (await ok(await admin.post('/api/tenant/categories', { name: 'Mains' }), 201)).id;
    drinks = (await ok(await admin.post('/api/tenant/categories', { name: 'Drinks' }), 201)).id;
    pizza = await ok(await admin.post('/api/tenant/products', body(mains, { name: 'Pizza', sort_order: 1 })), 201);
    soda = await ok(await admin.post('/api/tenant/products', body(drinks, { name: 'Soda', price_cents: 300, track_stock: true, stock_quantity: 2 })), 201);
  });

  it('a repeated read costs no query, sends the same bytes with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await guest().get('/api/tenant/public/products');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const before = queries();
    const second = await guest().get('/api/tenant/public/products');
    expect(queries()).toBe(before);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Security headers and the CSRF cookie are not cached away.
    expect(second.headers['content-security-policy']).toContain("img-src 'self' data: blob:");

    const revalidated = await guest().get('/api/tenant/public/products', { headers: { 'if-none-match': `W/"x", ${String(first.headers.etag)}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await guest().get('/api/tenant/public/products', { headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);
  });

  it('a row written behind the API is not seen until the restaurant is invalidated (the answer really is cached)', async () => {
    expect((await product('Pizza'))?.final_price_cents).toBe(1000);
    await t.db.update(products).set({ priceCents: 1111 }).where(and(eq(products.tenantId, team.r.tenantId), eq(products.id, pizza.id)));
    expect((await cachedRead()).data.find((p) => p.name === 'Pizza')?.final_price_cents).toBe(1000);
    t.app.storefrontCache.invalidate(team.r.tenantId);
    expect((await product('Pizza'))?.final_price_cents).toBe(1111);
  });

  describe('every write through the API shows at once', () => {
    it('a new dish, then a changed price and discount', async () => {
      await page();
      await ok(await admin.post('/api/tenant/products', body(mains, { name: 'Calzone', price_cents: 1400, sort_order: 2 })), 201);
      expect((await product('Calzone'))?.final_price_cents).toBe(1400);

      await page();
      await ok(await admin.put(`/api/tenant/products/${pizza.id}`, body(mains, { name: 'Pizza', price_cents: 2000, discount: 25, sort_order: 1 })));
      expect((await product('Pizza'))?.final_price_cents).toBe(1500);
    });

    it('dishes switched off in bulk, and back on', async () => {
      await page();
      await ok(await admin.patch('/api/tenant/products/bulk-status', { ids: [pizza.id], is_active: false }));
      expect(await product('Pizza')).toBeUndefined();
      await ok(await admin.patch('/api/tenant/products/bulk-status', { ids: [pizza.id], is_active: true }));
      expect(await product('Pizza')).toBeDefined();
    });

    it('a category switched off hides its dishes and leaves the category list', async () => {
      const categories = async () => (await ok(await guest().get('/api/tenant/public/categories'))).data.map((c: { name: string }) => c.name);
      expect(await categories()).toEqual(['Mains', 'Drinks']);
      await page();
      await ok(await admin.put(`/api/tenant/categories/${drinks}`, { name: 'Drinks', is_active: false }));
      expect(await categories()).toEqual(['Mains']);
      expect(await product('Soda')).toBeUndefined();
      await ok(await admin.put(`/api/tenant/categories/${drinks}`, { name: 'Cold drinks', is_active: true }));
      expect((await product('Soda'))?.category.name).toBe('Cold drinks');
    });

    it('an option group added to a dish, then renamed', async () => {
      const size: TOptionGroupInput = { name: 'Size', min_select: 0, max_select: 1, options: [{ name: 'Large', price_delta_cents: 300 }] };
      const group: TOptionGroup = await ok(await admin.post('/api/tenant/option-groups', size), 201);
      await page();
      await ok(await admin.put(`/api/tenant/products/${pizza.id}`, body(mains, { name: 'Pizza', price_cents: 2000, discount: 25, sort_order: 1, option_group_ids: [group.id] })));
      expect((await product('Pizza'))?.option_groups.map((g) => g.name)).toEqual(['Size']);
      await ok(await admin.put(`/api/tenant/option-groups/${group.id}`, { ...size, name: 'Pizza size', options: [{ id: group.options[0]!.id, name: 'Family', price_delta_cents: 500 }] }));
      expect((await product('Pizza'))?.option_groups).toMatchObject([{ name: 'Pizza size', options: [{ name: 'Family' }] }]);
    });

    it('stock: a guest order takes the last one (sold out), a restock brings it back', async () => {
      expect((await product('Soda'))?.available).toBe(true);
      const order = await guestOrder(soda.id, 2);
      expect(order.statusCode, order.body).toBe(201);
      expect((await product('Soda'))?.available).toBe(false);

      await ok(await admin.post(`/api/tenant/stock/${soda.id}/adjustments`, { delta: 5, reason: 'restock' }), 201);
      expect((await product('Soda'))?.available).toBe(true);
    });

    it('a deleted dish is gone', async () => {
      const calzone = (await page()).data.find((p) => p.name === 'Calzone')!;
      expect((await admin.delete(`/api/tenant/products/${calzone.id}`)).statusCode).toBeLessThan(300);
      expect(await product('Calzone')).toBeUndefined();
    });
  });

  it('a refused write (422, 403 CSRF) keeps the cache', async () => {
    await page();
    expect((await admin.put(`/api/tenant/products/${pizza.id}`, body(mains, { price_cents: -1 }))).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/tenant/products', headers: { host: team.r.host } })).statusCode).toBe(403);
    await cachedRead();
  });

  it('the query is part of the key: pages, sizes, filters and sorts each get their own answer', async () => {
    const all = await page();
    const names = all.data.map((p) => p.name);
    expect(names).toEqual(['Pizza', 'Soda']);
    expect((await page({ per_page: 1 })).data.map((p) => p.name)).toEqual(['Pizza']);
    expect((await page({ per_page: 1, page: 2 })).data.map((p) => p.name)).toEqual(['Soda']);
    expect((await page({ category_id: drinks })).data.map((p) => p.name)).toEqual(['Soda']);
    expect((await page({ sort: 'price_low_high' })).data.map((p) => p.name)).toEqual(['Soda', 'Pizza']);
    expect((await page({ search: 'piz' })).data.map((p) => p.name)).toEqual(['Pizza']);
    expect((await page({ diet: 'vegan' })).data).toEqual([]);
    // The same tags in another order are the same question.
    await page({ allergen_free: 'gluten,milk' });
    await cachedRead({ allergen_free: 'milk,gluten' });
  });

  it('two restaurants asking the same question each get their own menu; invalidating one keeps the other', async () => {
    const demo = 'demo.localhost';
    const [ours, theirs] = [await page(), await page({}, demo)];
    expect(ours.data.map((p) => p.name)).toEqual(['Pizza', 'Soda']);
    expect(theirs.data.map((p) => p.name)).not.toContain('Soda');
    expect(theirs.total).toBeGreaterThan(2);

    await ok(await admin.post('/api/tenant/products', body(mains, { name: 'Ours only', sort_order: 3 })), 201);
    const before = queries();
    expect((await page({}, demo)).data.map((p) => p.name)).toEqual(theirs.data.map((p) => p.name));
    expect(queries(), "the other restaurant's entry stayed").toBe(before);
    expect((await page()).data.map((p) => p.name)).toContain('Ours only');
  });

  it("another process's invalidation (a bus message) drops the restaurant's entries here", async () => {
    expect((await product('Pizza'))?.name).toBe('Pizza');
    await t.db.update(products).set({ name: 'Pizza Napoli' }).where(and(eq(products.tenantId, team.r.tenantId), eq(products.id, pizza.id)));
    await cachedRead();
    t.app.bus.publish({ kind: 'storefront', tenantId: team.r.tenantId });
    expect(await product('Pizza Napoli')).toBeDefined();
  });

  it("the escalation's automatic rejection gives stock back and the menu shows it at once", async () => {
    const lemonade = await ok(await admin.post('/api/tenant/products', body(drinks, { name: 'Lemonade', price_cents: 400, track_stock: true, stock_quantity: 1 })), 201);
    const placed = await guestOrder(lemonade.id, 1);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await product('Lemonade'))?.available).toBe(false);
    // The order has waited past the restaurant's auto-pause limit; the menu entry is cached meanwhile.
    await t.db.update(tenantSettings).set({ autoPauseAfterMinutes: 10 }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    await t.db
      .update(orders)
      .set({ createdAt: new Date(NOON.getTime() - 30 * 60_000) })
      .where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.status, 'pending')));
    expect((await cachedRead()).data.find((p) => p.name === 'Lemonade')?.available).toBe(false);
    expect((await t.app.escalation.runOnce()).paused).toBeGreaterThanOrEqual(1);
    expect((await product('Lemonade'))?.available).toBe(true);
  });

  it("an operator's write on the main domain clears every restaurant's entries", async () => {
    await page();
    const operator = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password) });
    // Any successful write by a signed-in operator will do; logging out is one every operator can make.
    expect((await operator.post('/api/logout', {})).statusCode).toBeLessThan(300);
    const before = queries();
    await page();
    expect(queries()).toBeGreaterThan(before);
  });
});

describe('StorefrontCache', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const deferred = () => {
    let resolve!: (value: unknown) => void;
    const promise = new Promise<unknown>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('keeps an entry for the TTL, then loads again', async () => {
    let now = 0;
    const cache = new StorefrontCache({ ttlMs: 1000, maxBytes: 1 << 20, now: () => now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect((await cache.get('t', 'k', load)).body.toString()).toBe('{"n":1}');
    now = 999;
    expect((await cache.get('t', 'k', load)).body.toString()).toBe('{"n":1}');
    now = 1000;
    expect((await cache.get('t', 'k', load)).body.toString()).toBe('{"n":2}');
  });

  it('concurrent misses share one load; a load that began before an invalidation is not kept', async () => {
    const cache = new StorefrontCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const slow = deferred();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const a = cache.get('t', 'k', load);
    const b = cache.get('t', 'k', load);
    expect(loads).toBe(1);
    cache.invalidate('t');
    // A request after the write does not join the old load.
    const fresh = cache.get('t', 'k', async () => 'new');
    slow.resolve('old');
    expect((await a).body.toString()).toBe('"old"');
    expect((await b).body.toString()).toBe('"old"');
    expect((await fresh).body.toString()).toBe('"new"');
    await tick();
    expect((await cache.get('t', 'k', async () => 'never')).body.toString()).toBe('"new"');
  });

  it('evicts the least recently used entries beyond the byte budget; tenants are invalidated apart', async () => {
    const cache = new StorefrontCache({ ttlMs: 60_000, maxBytes: 30 });
    const value = (s: string) => async () => s.padEnd(8, '.'); // 10 bytes serialised
    await cache.get('a', '1', value('a1'));
    await cache.get('a', '2', value('a2'));
    await cache.get('b', '1', value('b1'));
    await cache.get('a', '1', value('x')); // a/1 is now the most recent
    await cache.get('b', '2', value('b2')); // over budget: a/2 goes
    expect(cache.size).toEqual({ entries: 3, bytes: 30 });
    expect((await cache.get('a', '2', value('a2 again'))).body.toString()).toBe('"a2 again"');

    cache.invalidate('a');
    expect((await cache.get('b', '2', value('changed'))).body.toString()).toBe('"b2......"');
    expect((await cache.get('a', '1', value('reloaded'))).body.toString()).toBe('"reloaded"');
    cache.invalidate();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('over a bus: drops here at once, tells the other processes, obeys theirs, and a resync drops everything', async () => {
    const sent: string[] = [];
    let feed!: (payload: string) => void;
    let resync!: () => void;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const bus = createRemoteBus('postgres', log, (receive, onResync) => {
      [feed, resync] = [receive, onResync];
      return { send: async (payload) => void sent.push(payload), ready: async () => undefined, close: async () => undefined };
    });
    const app = Fastify();
    await app.register(storefrontCachePlugin, { ttlMs: 60_000, maxBytes: 1 << 20, bus });
    await app.ready();
    const fill = async () => {
      for (const tenant of ['a', 'b']) await app.storefrontCache.get(tenant, 'k', async () => tenant);
      return app.storefrontCache.size.entries;
    };
    expect(await fill()).toBe(2);

    app.invalidateStorefront('a');
    expect(app.storefrontCache.size.entries).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS + 20));
    expect(sent.map((p) => JSON.parse(p).m)).toEqual([{ kind: 'storefront', tenantId: 'a' }]);

    expect(await fill()).toBe(2);
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront', tenantId: 'b' } }));
    expect(app.storefrontCache.size.entries).toBe(1);
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront', tenantId: null } }));
    expect(app.storefrontCache.size.entries).toBe(0);

    expect(await fill()).toBe(2);
    resync();
    expect(app.storefrontCache.size.entries).toBe(0);
    await app.close();
  });

  it('a TTL of 0 turns caching off', async () => {
    const cache = new StorefrontCache({ ttlMs: 0, maxBytes: 1 << 20 });
    let loads = 0;
    await cache.get('t', 'k', async () => ++loads);
    await cache.get('t', 'k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  it('If-None-Match: exact, weak, listed and * match; others do not', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
