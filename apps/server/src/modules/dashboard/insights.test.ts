import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { bulletinPosts, products, reservations, roles, tenantSettings, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { GOOD_PASSWORD, describeEachDb, useTestApp, type TestTeam } from '../../test/harness.ts';
import { insertOrder } from '../../test/order-fixture.ts';

const URL_ = '/api/tenant/dashboard/insights';
// 22:30 UTC on 10 June is 00:30 on 11 June in Berlin (UTC+2): "today" is the restaurant's 11 June.
const NOW = new Date('2026-06-10T22:30:00Z');

describeEachDb('dashboard insights', (kind) => {
  const t = useTestApp(kind, { now: () => NOW });
  let team: TestTeam;
  let pizza: string;
  let pasta: string;
  let salad: string;

  beforeAll(async () => {
    team = await t.registerTeam('home');
    const id = team.r.tenantId;
    await t.db.update(tenantSettings).set({ timeZone: 'Europe/Berlin', currencySymbol: '€' }).where(eq(tenantSettings.tenantId, id));
    const mains = await t.addCategory(id, { name: 'Mains' });
    pizza = await t.addProduct(id, mains, { name: 'Pizza', priceCents: 1000 });
    pasta = await t.addProduct(id, mains, { name: 'Pasta', priceCents: 1200 });
    salad = await t.addProduct(id, mains, { name: 'Salad', priceCents: 700 });
    const line = (productId: string, name: string, cents: number, quantity = 1) => ({ productId, name, cents, quantity });
    const order = (at: string, lines: ReturnType<typeof line>[], status = 'completed') => insertOrder(t.db, id, { email: 'g@example.com', at, lines, status });
    // Today in Berlin: two counted orders, one rejected (no revenue), one pending (counted, and pending).
    await order('2026-06-10T22:10:00Z', [line(pizza, 'Pizza', 1000, 2)]);
    await order('2026-06-11T09:00:00Z', [line(pasta, 'Pasta', 1200)], 'preparing');
    await order('2026-06-10T22:20:00Z', [line(salad, 'Salad', 700, 50)], 'rejected');
    await order('2026-06-10T22:25:00Z', [line(salad, 'Salad', 700)], 'pending');
    // Yesterday in Berlin, though the same UTC date as "now".
    await order('2026-06-10T21:50:00Z', [line(pasta, 'Pasta', 1200, 3)]);
    // An old pending order (still pending) and one outside the 30 days.
    await order('2026-06-01T10:00:00Z', [line(salad, 'Salad', 700, 2)], 'pending');
    await order('2026-05-12T10:00:00Z', [line(salad, 'Salad', 700, 40)]);
    // Another restaurant's busy day: never counted here.
    const other = team.other.tenantId;
    const otherDish = await t.addProduct(other, await t.addCategory(other, { name: 'X' }), { name: 'Other Pizza', priceCents: 100 });
    await insertOrder(t.db, other, { email: 'o@example.com', at: '2026-06-10T23:00:00Z', lines: [line(otherDish, 'Other Pizza', 99900, 9)] });

    await t.db.insert(reservations).values(
      [
        ['2026-06-11', 'pending'],
        ['2026-06-11', 'confirmed'],
        ['2026-06-11', 'cancelled'],
        ['2026-06-15', 'pending'],
        ['2026-06-09', 'pending'],
      ].map(([date, status]) => ({ tenantId: id, fullName: 'R', phoneNumber: '1', email: 'r@example.com', date: date!, time: '19:00', guests: 2, message: '-', status: status! })),
    );
    await t.db.update(products).set({ trackStock: true, stockQuantity: 2, lowStockThreshold: 5 }).where(eq(products.id, pizza));
    await t.db.update(products).set({ trackStock: true, stockQuantity: 0, lowStockThreshold: 0 }).where(eq(products.id, pasta));
    await t.db.update(products).set({ trackStock: true, stockQuantity: 9, lowStockThreshold: 5 }).where(eq(products.id, salad));
    for (const [title, pinned, at] of [
      ['Old pinned', true, '2026-05-01T10:00:00Z'],
      ['Newest', false, '2026-06-10T10:00:00Z'],
      ['Older', false, '2026-06-09T10:00:00Z'],
      ['Oldest', false, '2026-06-01T10:00:00Z'],
    ] as const) {
      await t.db.insert(bulletinPosts).values({ tenantId: id, title, body: 'b', pinned, authorName: 'Owner', createdAt: new Date(at) });
    }
  });

  it("computes today's figures in the restaurant's time zone, a 30-day chart with zero days, best sellers, low stock and posts", async () => {
    const res = await team.admin.get(URL_);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ time_zone: 'Europe/Berlin', today: '2026-06-11', currency_symbol: '€' });
    expect(data.orders).toEqual({ today: 3, revenue_cents: 2000 + 1200 + 700, average_cents: 1300, pending: 2 });
    expect(data.reservations).toEqual({ today: 2, pending: 2 });

    expect(data.chart).toHaveLength(30);
    expect(data.chart[0]).toEqual({ date: '2026-05-13', orders: 0, revenue_cents: 0 });
    expect(data.chart[29]).toEqual({ date: '2026-06-11', orders: 3, revenue_cents: 3900 });
    expect(data.chart[28]).toEqual({ date: '2026-06-10', orders: 1, revenue_cents: 3600 });
    expect(data.chart.find((d: { date: string }) => d.date === '2026-06-01')).toEqual({ date: '2026-06-01', orders: 1, revenue_cents: 1400 });
    expect(data.chart.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(5);

    expect(data.top_products).toEqual([
      { product_id: pasta, name: 'Pasta', quantity: 4, revenue_cents: 4800 },
      { product_id: salad, name: 'Salad', quantity: 3, revenue_cents: 2100 },
      { product_id: pizza, name: 'Pizza', quantity: 2, revenue_cents: 2000 },
    ]);
    expect(data.low_stock).toEqual({
      items: [
        { id: pasta, name: 'Pasta', stock_quantity: 0, low_stock_threshold: 0 },
        { id: pizza, name: 'Pizza', stock_quantity: 2, low_stock_threshold: 5 },
      ],
      total: 2,
    });
    expect(data.bulletin.map((p: { title: string }) => p.title)).toEqual(['Old pinned', 'Newest', 'Older']);
  });

  it('a day later by the clock of another zone: UTC sees 10 June as today', async () => {
    await t.db.update(tenantSettings).set({ timeZone: 'UTC' }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    try {
      const data = (await team.admin.get(URL_)).json().data;
      expect(data.today).toBe('2026-06-10');
      // 21:50, 22:10 and 22:25 UTC on the 10th (the rejected one aside); 09:00 on the 11th is tomorrow.
      expect(data.orders).toMatchObject({ today: 3, revenue_cents: 3600 + 2000 + 700 });
      expect(data.chart.at(-1)).toEqual({ date: '2026-06-10', orders: 3, revenue_cents: 6300 });
    } finally {
      await t.db.update(tenantSettings).set({ timeZone: 'Europe/Berlin' }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    }
  });

  it("shows each role only what it may see; another restaurant's figures stay its own", async () => {
    const staff = (await team.staff.get(URL_)).json().data;
    expect(staff.orders).toMatchObject({ today: 3 });
    expect(staff.low_stock).toBeNull();
    expect(staff.bulletin).toHaveLength(3);

    // A role with the dashboard and reservations only: no revenue, no chart, no best sellers.
    const [role] = await t.db.insert(roles).values({ tenantId: team.r.tenantId, name: 'host', permissions: ['dashboard.view', 'reservations.view'] }).returning({ id: roles.id });
    await t.db.insert(users).values({ tenantId: team.r.tenantId, roleId: role!.id, name: 'Host', email: 'host@home-main.example.com', passwordHash: await hashPassword(GOOD_PASSWORD) });
    const host = t.client(team.r.host, { token: await t.loginAs(team.r.host, 'host@home-main.example.com', GOOD_PASSWORD) });
    const res = await host.get(URL_);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ orders: null, chart: null, top_products: null, low_stock: null, reservations: { today: 2, pending: 2 } });
    expect(res.body).not.toContain('revenue');

    const other = (await team.otherAdmin.get(URL_)).json().data;
    expect(other.orders).toMatchObject({ today: 1, revenue_cents: 899100 });
    expect(other.bulletin).toEqual([]);
    expect((await t.client(team.r.host).get(URL_)).statusCode).toBe(401);
  });
});
