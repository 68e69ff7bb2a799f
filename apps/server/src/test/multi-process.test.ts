/**
 * Several server processes on one PostgreSQL database (issue #12), as real child processes: a guest orders
 * through A and a staff dashboard's live stream on B hears of it; a restaurant renamed through A shows under
 * its new name on B at once (not after the host cache's minute); a dish hidden through A's dashboard leaves B's
 * storefront menu at once (not after the menu cache's TTL). Over LISTEN/NOTIFY, and over Redis pub/sub when
 * TEST_REDIS_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../db/seed.ts';
import { TEST_DATABASE_URL } from './harness.ts';
import { call, csrfHeaders, login } from './real-http.ts';
import { seededDemoOnPostgres, startRealServer, type RealServer } from './real-server.ts';
import { openSseAt, type SseConnection } from './sse.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const DEMO = 'demo.localhost';
const PLATFORM = 'localhost';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** Polls `read` every 100 ms until it returns `want` or `timeoutMs` has passed; returns the last value seen. */
async function eventually<T>(read: () => Promise<T>, want: T, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let seen = await read();
  while (seen !== want && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await read();
  }
  return seen;
}

describe.skipIf(!TEST_DATABASE_URL)('several server processes [postgres]', () => {
  let demo: Awaited<ReturnType<typeof seededDemoOnPostgres>>;
  let dataDir: string;
  let webDist: string;
  let tenantId: string;
  let dishId: string;

  beforeAll(async () => {
    demo = await seededDemoOnPostgres(TEST_DATABASE_URL!, 'multi');
    ({ dataDir, tenantId } = demo);
    dishId = demo.dish('Spaghetti Carbonara');
    // The smallest web build: the server fills in <title> (the restaurant's cached name) and the site data.
    webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>Tavolo</title></head><body><!--site-data--></body></html>');
  });

  afterAll(async () => {
    await demo?.cleanup();
  });

  const variants = [
    { bus: 'postgres', env: {} as Record<string, string>, skip: false },
    // A prefix of this run's own: pub/sub channels span the Redis server, and parallel runs share it.
    { bus: 'redis', env: { REDIS_URL: TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: `t-${randomUUID().slice(0, 8)}:` }, skip: !TEST_REDIS_URL },
  ];

  describe.each(variants)('over $bus', ({ env, skip }) => {
    let a: RealServer;
    let b: RealServer;
    const streams: SseConnection[] = [];

    beforeAll(async () => {
      if (skip) return;
      // A menu cache far longer than any test: a change B shows was invalidated over the bus, not expired.
      const start = () =>
        startRealServer({ env: { DATABASE_URL: demo.url, DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'false', STOREFRONT_CACHE_SECONDS: '300', ...env } });
      [a, b] = await Promise.all([start(), start()]);
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it.skipIf(skip)("a guest's order through A reaches a staff dashboard's live stream on B", async () => {
      const token = await login(b.port, DEMO, DEMO_LOGINS.staff.email, DEMO_LOGINS.staff.password);
      const stream = await openSseAt(b.port, DEMO, '/api/tenant/live', token);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next(() => false, 300).catch(() => undefined);
      expect(stream.events).toEqual([]);

      const order = {
        items: [{ product_id: dishId, quantity: 2 }],
        customer_name: 'Guest Through A',
        customer_phone: '+1 555 010 0000',
        customer_email: 'guest-a@multi.example.com',
        type: 'pickup',
      };
      const placed = await call(a.port, DEMO, 'POST', '/api/tenant/orders', { body: order, headers: await csrfHeaders(a.port, DEMO) });
      expect(placed.status, placed.body).toBe(201);
      const event = await stream.next((e) => e.event === 'change' && JSON.parse(e.data).topics.includes('orders'), 5000);
      expect(JSON.parse(event.data).topics).toContain('orders');
      // B's stream saw the order once (one event naming orders, not two).
      await stream.next(() => false, 300).catch(() => undefined);
      expect(stream.events.filter((e) => JSON.parse(e.data).topics.includes('orders'))).toHaveLength(1);
    });

    it.skipIf(skip)('a restaurant renamed through A is served under its new name by B at once', async () => {
      const before = titleOf((await call(b.port, DEMO, 'GET', '/')).body);
      expect(before).toBeTruthy();
      const operator = await login(a.port, PLATFORM, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
      const name = `Trattoria ${randomUUID().slice(0, 6)}`;
      const renamed = await call(a.port, PLATFORM, 'PATCH', `/api/platform/tenants/${tenantId}`, {
        body: { restaurant_name: name },
        headers: { ...(await csrfHeaders(a.port, PLATFORM)), authorization: `Bearer ${operator}` },
      });
      expect(renamed.status, renamed.body).toBe(200);
      // B cached the old name a moment ago; its cache keeps entries a minute unless told otherwise.
      const seen = await eventually(async () => titleOf((await call(b.port, DEMO, 'GET', '/')).body), name);
      expect(seen).toBe(name);
    });

    it.skipIf(skip)("a dish hidden and shown again through A's dashboard leaves and rejoins B's cached menu at once", async () => {
      const listed = async () => {
        const res = await call(b.port, DEMO, 'GET', '/api/tenant/public/products?search=Carbonara');
        expect(res.status, res.body).toBe(200);
        return (JSON.parse(res.body).data.data as { id: string }[]).some((p) => p.id === dishId);
      };
      // B now has this menu page cached for 300 s.
      expect(await listed()).toBe(true);
      const admin = await login(a.port, DEMO, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
      const headers = { ...(await csrfHeaders(a.port, DEMO)), authorization: `Bearer ${admin}` };
      const setActive = async (isActive: boolean) => {
        const res = await call(a.port, DEMO, 'PATCH', '/api/tenant/products/bulk-status', { body: { ids: [dishId], is_active: isActive }, headers });
        expect(res.status, res.body).toBe(200);
      };
      await setActive(false);
      expect(await eventually(listed, false)).toBe(false);
      await setActive(true);
      expect(await eventually(listed, true)).toBe(true);
    });
  });
});
