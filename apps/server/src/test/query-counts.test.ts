/**
 * Query counts (issue #11, "Performance"): the Host -> restaurant lookup is cached, and the pages that grow with a
 * restaurant (storefront products, orders list, dashboard home) cost the same number of SQL statements with 10 rows
 * as with 500. Rows are added with bulk SQL, not the API, so only the measured requests run queries.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@tavolo/contracts/orders';
import { tenantDomains, tenants } from '../db/schema/index.ts';
import { describeEachDb, useTestApp, type Response, type TestClient, type TestTeam } from './harness.ts';

describeEachDb('query counts', (kind) => {
  const t = useTestApp(kind);

  /** SQL statements run while `work` runs (no background workers run in tests). */
  const queriesDuring = async (work: () => Promise<unknown>) => {
    const before = t.database.queries.count;
    await work();
    return t.database.queries.count - before;
  };
  const ok = async (request: Promise<Response>) => {
    const res = await request;
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('tenant lookup: one query for a restaurant subdomain on a miss, none on a hit, whatever the spelling of the host', async () => {
    const r = await t.registerTenant({ domain: 'lookup-place', status: 'active' });
    t.app.tenants.invalidate();
    const health = (host: string) => ok(t.app.inject({ method: 'GET', url: '/api/health', headers: { host } }));

    expect(await queriesDuring(() => health(r.host))).toBe(1);
    expect(await queriesDuring(() => health(r.host))).toBe(0);
    expect(await queriesDuring(() => health('LOOKUP-PLACE.localhost.:8080'))).toBe(0);
    // A page of the restaurant pays for its own data only: the cached lookup adds nothing.
    const details = () => ok(t.client(r.host).get('/api/tenant/get-tenant-details'));
    const withWarmLookup = await queriesDuring(details);
    t.app.tenants.invalidate(r.slug);
    expect(await queriesDuring(details)).toBe(withWarmLookup + 1);
  });

  it("tenant lookup: one query for a verified custom domain on a miss (the plan check rides along), none on a hit", async () => {
    const premium = await t.registerTenant({ domain: 'own-domain', status: 'active' });
    const trial = await t.registerTenant({ domain: 'trial-domain', status: 'active' });
    await t.db.update(tenants).set({ planId: 'premium' }).where(eq(tenants.id, premium.tenantId));
    const inTrial = (ends: Date) => t.db.update(tenants).set({ status: 'trial', trialEndsAt: ends }).where(eq(tenants.id, trial.tenantId));
    await inTrial(new Date(Date.now() + 86_400_000));
    await t.db.insert(tenantDomains).values([
      { tenantId: premium.tenantId, host: 'www.own-domain.test', verificationToken: 'token-a', verifiedAt: new Date() },
      { tenantId: trial.tenantId, host: 'www.trial-domain.test', verificationToken: 'token-b', verifiedAt: new Date() },
    ]);
    t.app.tenants.invalidate();
    const details = (host: string) => t.client(host).get('/api/tenant/get-tenant-details');

    for (const [host, name] of [
      ['www.own-domain.test', premium.name],
      ['www.trial-domain.test', trial.name],
    ] as const) {
      await ok(details(host));
      t.app.tenants.invalidate();
      const miss = await queriesDuring(async () => expect((await ok(details(host))).json().data.business_name).toBe(name));
      const hit = await queriesDuring(() => ok(details(host)));
      expect(miss - hit, host).toBe(1);
    }

    // The trial ran out: the domain no longer answers (the restaurant's own plan has no custom domains).
    await inTrial(new Date(Date.now() - 1000));
    t.app.tenants.invalidate();
    expect((await details('www.trial-domain.test')).statusCode).toBe(404);
  });

  describe('no N+1', () => {
    let team: TestTeam;
    let categoryId: string;

    /** Products `from`..`to` (one category, stock tracked and low so the dashboard lists them). */
    const addProducts = (from: number, to: number) =>
      t.db.execute(sql`
        insert into products (tenant_id, category_id, name, price_cents, sort_order, track_stock, stock_quantity, low_stock_threshold)
        select ${team.r.tenantId}::uuid, ${categoryId}::uuid, 'Dish ' || g, 500 + g, g, true, 1, 5 from generate_series(${from}::int, ${to}::int) g`);

    /**
     * Orders `from`..`to` over the last two days, every second one entered by phone by the manager, each with
     * three lines and its history (placed, and accepted by staff for most).
     */
    const addOrders = async (from: number, to: number) => {
      const tenantId = team.r.tenantId;
      const [manager] = await t.db.execute(sql`select id from users where tenant_id = ${tenantId} and email like 'manager@%'`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
      await t.db.execute(sql`
        insert into orders (tenant_id, number, tracking_token_hash, status, type, customer_name, customer_phone, customer_email,
                            payment_method, currency_symbol, subtotal_cents, total_cents, source, created_by, created_at)
        select ${tenantId}::uuid, 1000 + g, md5(${tenantId} || ':' || g), (array['pending', 'accepted', 'completed'])[1 + g % 3], 'pickup',
               'Guest ' || g, '+49 30 ' || g, 'guest' || g || '@example.com', 'cash', '€', 1500, 1500,
               case when g % 2 = 0 then 'phone' else 'online' end, case when g % 2 = 0 then ${manager!.id}::uuid end,
               now() - (g % 40) * interval '1 hour'
        from generate_series(${from}::int, ${to}::int) g`);
      const newOrders = sql`select id, number, status, created_at from orders where tenant_id = ${tenantId} and number between ${1000 + from} and ${1000 + to}`;
      await t.db.execute(sql`
        insert into order_items (tenant_id, order_id, product_id, name, unit_price_cents, final_unit_price_cents, quantity, line_total_cents)
        select ${tenantId}::uuid, o.id, p.id, p.name, 500, 500, 1, 500
        from (${newOrders}) o
        cross join lateral (select id, name from products where tenant_id = ${tenantId} order by sort_order offset o.number % 7 limit 3) p`);
      await t.db.execute(sql`
        insert into order_status_history (tenant_id, order_id, status, user_id, created_at)
        select ${tenantId}::uuid, o.id, 'pending', null, o.created_at from (${newOrders}) o
        union all
        select ${tenantId}::uuid, o.id, 'accepted', ${manager!.id}::uuid, o.created_at + interval '1 minute' from (${newOrders}) o where o.status <> 'pending'`);
    };

    /** The measured requests, each once to warm caches (host, session), then counted. */
    const pages = (admin: TestClient, guest: TestClient) => ({
      storefrontProducts: () => ok(guest.get('/api/tenant/public/products', { query: { per_page: 48 } })),
      ordersList: () => ok(admin.get('/api/tenant/orders', { query: { per_page: 100 } })),
      dashboardSummary: () => ok(admin.get('/api/tenant/dashboard/summary')),
      dashboardInsights: () => ok(admin.get('/api/tenant/dashboard/insights')),
    });
    /** Every order of the page came with its lines, its history and, for phone orders, who entered it. */
    const expectComplete = (orders: TOrder[]) => {
      for (const o of orders) {
        expect(o.lines).toHaveLength(3);
        expect(o.history.length).toBeGreaterThan(0);
        expect(o.created_by_name).toBe(o.source === 'phone' ? 'manager' : null);
      }
    };
    const countAll = async (requests: ReturnType<typeof pages>) => {
      const counts: Record<string, number> = {};
      for (const [name, request] of Object.entries(requests)) {
        await request();
        counts[name] = await queriesDuring(request);
      }
      return counts;
    };

    it('storefront products, orders list and dashboard home cost the same queries with 10 and with 500 products and orders', async () => {
      team = await t.registerTeam('growth');
      categoryId = await t.addCategory(team.r.tenantId, { name: 'Mains' });
      const requests = pages(team.admin, t.client(team.r.host));

      await addProducts(1, 10);
      await addOrders(1, 10);
      const small = await countAll(requests);
      expect((await requests.storefrontProducts()).json().data.data).toHaveLength(10);
      const smallOrders = (await requests.ordersList()).json().data.data;
      expect(smallOrders).toHaveLength(10);
      expectComplete(smallOrders);

      await addProducts(11, 500);
      await addOrders(11, 500);
      const large = await countAll(requests);
      // The pages really grew: full pages of products and of orders with their lines, history and who entered them.
      const products = (await requests.storefrontProducts()).json().data;
      expect(products.data).toHaveLength(48);
      expect(products.total).toBe(500);
      const orders = (await requests.ordersList()).json().data;
      expect(orders.data).toHaveLength(100);
      expect(orders.total).toBe(500);
      expectComplete(orders.data);
      const summary = (await requests.dashboardSummary()).json().data;
      expect(summary.counts.products).toBe(500);
      const insights = (await requests.dashboardInsights()).json().data;
      expect(insights.top_products).toHaveLength(5);
      expect(insights.low_stock.items).toHaveLength(5);
      expect(insights.low_stock.total).toBe(500);

      expect(large).toEqual(small);
      // A small fixed number each, not one per row (the counts include the session check).
      for (const [name, count] of Object.entries(large)) expect(count, name).toBeLessThanOrEqual(10);
    });
  });
});
