import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categories, products, tenants, users } from '../db/schema/index.ts';
import { authOf, tenantOf } from '../plugins/context.ts';
import { createTestApp, describeEachDb, useTestApp, type TestApp } from './harness.ts';
import { apiRoutes, buildWorld, runMatrix, tenantRows, type World } from './isolation-matrix.ts';

/** Hundreds of calls, each unsafe one followed by a snapshot of B's rows: it grows with every route added. */
const MATRIX_TIMEOUT_MS = 180_000;

describeEachDb('tenant isolation matrix', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let world: Awaited<ReturnType<typeof buildWorld>>;

  beforeAll(async () => {
    world = await buildWorld(t);
  });

  it('the world is what the matrix needs: two restaurants with users, menus and distinct data', () => {
    expect(world.problems).toEqual([]);
    for (const table of ['users', 'roles', 'categories', 'products', 'sessions']) {
      expect(world.bIds[table]?.length, table).toBeGreaterThan(0);
    }
    expect(world.bIdentifiers).toEqual(expect.arrayContaining([world.b.tenantId, world.b.name, 'Zulu Secret Soup', 'staff@bravo-zulu.example.com']));
    expect(world.bIdentifiers.some((id) => id.startsWith('Alpha'))).toBe(false);
  });

  it('every /api route is checked, and B is untouched', async () => {
    const before = await tenantRows(t.db, world.b.tenantId);
    const result = await runMatrix(t, world);
    expect(result.violations.map((v) => `${v.route} [${v.call}]: ${v.problem}`)).toEqual([]);
    expect(await tenantRows(t.db, world.b.tenantId)).toEqual(before);

    const routes = apiRoutes(t.app.routeTable);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(result.coverage.get(`${route.method} ${route.url}`)?.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    // Spot checks that the table has what it should.
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/me', 'POST /api/logout', 'GET /api/tenant/auth-check', 'GET /api/tenant/public/products', 'GET /api/platform/stats']));
    expect(result.coverage.get('GET /api/me')).toEqual(expect.arrayContaining(["A's host, B's token", "A's host, platform token", "main domain, A's token"]));
  }, MATRIX_TIMEOUT_MS);
});

/**
 * The matrix must fail when isolation breaks: an app with deliberately leaky routes, none of which the
 * matrix has ever heard of, must produce violations for each of them and for nothing else.
 */
describe('tenant isolation matrix catches leaks (self-test)', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      extend(app) {
        // Reads a product by id without the tenant filter.
        app.get('/api/tenant/leaky-products/:id', { config: { site: 'tenant', permission: 'menu.view' } }, async (request) => {
          const [row] = await t.db.select().from(products).where(eq(products.id, (request.params as { id: string }).id));
          return { success: true, data: row ?? null };
        });
        // Lists every restaurant's name on a public storefront route.
        app.get('/api/tenant/public/leaky-names', { config: { site: 'tenant' } }, async () => ({
          success: true,
          data: await t.db.select({ name: tenants.name }).from(tenants),
        }));
        // Deletes any user by id, ignoring the tenant of the host.
        app.delete('/api/tenant/leaky-users/:id', { config: { site: 'tenant', auth: true } }, async (request, reply) => {
          authOf(request.auth);
          await t.db.delete(users).where(eq(users.id, (request.params as { id: string }).id));
          return reply.status(204).send();
        });
        // A public write that touches every restaurant's menu.
        app.post('/api/tenant/leaky-rename', { config: { site: 'tenant' } }, async (request) => {
          tenantOf(request.site);
          await t.db.update(categories).set({ name: sql`${categories.name} || ' (renamed by a leak)'` });
          return { success: true };
        });
        // Updates a category by id without the tenant filter; its body is sampled from the schema.
        app.put(
          '/api/tenant/leaky-categories/:id',
          { schema: { body: z.object({ name: z.string().min(2).max(50), sort_order: z.number().int().min(0) }) }, config: { site: 'tenant', permission: 'menu.manage' } },
          async (request) => {
            const { name } = request.body as { name: string };
            await t.db.update(categories).set({ name }).where(eq(categories.id, (request.params as { id: string }).id));
            return { success: true };
          },
        );
        // A body no sampler can satisfy: the matrix must ask for a fixture instead of passing silently.
        app.patch(
          '/api/tenant/unsampleable/:id',
          { schema: { body: z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === `${v.b}!`) }, config: { site: 'tenant', auth: true } },
          async () => ({ success: true }),
        );
        // A live stream that hears every restaurant's events: the matrix reads streams on a real port.
        app.get('/api/tenant/leaky-live', { exposeHeadRoute: false, config: { site: 'tenant', auth: true, stream: true } }, async (_request, reply) => {
          const everyone = await t.db.select({ id: tenants.id }).from(tenants);
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
          reply.raw.write(': open\n\n');
          const stops = everyone.map(({ id }) => t.app.live.subscribe(id, (event) => reply.raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`)));
          reply.raw.on('close', () => stops.forEach((stop) => stop()));
        });
        // Correctly scoped: must produce no violation.
        app.put(
          '/api/tenant/scoped-categories/:id',
          { schema: { body: z.object({ name: z.string().min(2).max(50) }) }, config: { site: 'tenant', permission: 'menu.manage' } },
          async (request, reply) => {
            const tenant = tenantOf(request.site);
            const { name } = request.body as { name: string };
            const rows = await t.db
              .update(categories)
              .set({ name })
              .where(and(eq(categories.tenantId, tenant.id), eq(categories.id, (request.params as { id: string }).id)))
              .returning({ id: categories.id });
            if (rows.length === 0) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found.' });
            return { success: true };
          },
        );
        app.get('/api/tenant/scoped-products/:id', { config: { site: 'tenant', permission: 'menu.view' } }, async (request, reply) => {
          const tenant = tenantOf(request.site);
          const [row] = await t.db
            .select()
            .from(products)
            .where(and(eq(products.tenantId, tenant.id), eq(products.id, (request.params as { id: string }).id)));
          if (!row) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found.' });
          return { success: true, data: row };
        });
      },
    });
    world = await buildWorld(t);
  });

  it('reports each leaky route, and only those', async () => {
    const before = await tenantRows(t.db, world.b.tenantId);
    const { violations } = await runMatrix(t, world);
    const flagged = (route: string) => violations.filter((v) => v.route === route).map((v) => `[${v.call}] ${v.problem}`);

    expect([...new Set(violations.map((v) => v.route))].sort()).toEqual([
      'DELETE /api/tenant/leaky-users/:id',
      'GET /api/tenant/leaky-live',
      'GET /api/tenant/leaky-products/:id',
      'GET /api/tenant/public/leaky-names',
      'HEAD /api/tenant/leaky-products/:id',
      'PATCH /api/tenant/unsampleable/:id',
      'POST /api/tenant/leaky-rename',
      'PUT /api/tenant/leaky-categories/:id',
    ]);
    expect(flagged('PUT /api/tenant/leaky-categories/:id')).toEqual(
      expect.arrayContaining([expect.stringMatching(/expected 404, got 200/), expect.stringMatching(/changed tenant B's rows in categories/)]),
    );
    expect(flagged('PATCH /api/tenant/unsampleable/:id')).toEqual([expect.stringContaining('add one to BODY_FIXTURES')]);
    expect(flagged('GET /api/tenant/leaky-products/:id')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\[A's host, A's token, B's ids .*\] expected 404, got 200/), expect.stringMatching(/response contains tenant B data: .*Zulu Secret/)]),
    );
    expect(flagged('GET /api/tenant/public/leaky-names')).toEqual(expect.arrayContaining([expect.stringContaining('response contains tenant B data: Bravo Zulu Secret Bistro')]));
    expect(flagged('DELETE /api/tenant/leaky-users/:id')).toEqual(expect.arrayContaining([expect.stringMatching(/expected 404, got 204/), expect.stringMatching(/changed tenant B's rows in .*users/)]));
    expect(flagged('GET /api/tenant/leaky-live')).toEqual([expect.stringMatching(/^\[alpha-isle\.localhost, open stream\] carried tenant B's events/)]);
    expect(flagged('POST /api/tenant/leaky-rename')).toEqual([expect.stringMatching(/^\[A's host, B's token\] changed tenant B's rows in categories$/)]);
    expect(await tenantRows(t.db, world.b.tenantId)).not.toEqual(before);
  }, MATRIX_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });
});
