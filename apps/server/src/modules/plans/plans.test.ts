import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { products, tenants } from '../../db/schema/index.ts';
import { describeEachDb, useTestApp, type TestTeam } from '../../test/harness.ts';

const NOW = new Date('2026-05-04T10:00:00Z');

describeEachDb('plans', (kind) => {
  const t = useTestApp(kind, { now: () => NOW });
  let team: TestTeam;
  let categoryId: string;

  /** Straight into the database: what the limit counts, without 100 API calls. */
  async function fillProducts(tenantId: string, n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({ tenantId, categoryId, name: `Dish ${i}`, priceCents: 500 }));
    await t.db.insert(products).values(rows);
  }
  const productBody = (name: string) => ({ name, price_cents: 990, category_id: categoryId });
  const setPlan = (tenantId: string, values: Partial<typeof tenants.$inferInsert>) => t.db.update(tenants).set(values).where(eq(tenants.id, tenantId));

  beforeAll(async () => {
    team = await t.registerTeam('plan');
    categoryId = await t.addCategory(team.r.tenantId, { name: 'Mains' });
  });

  it('shows the plan, its usage and both plans with their prices; settings.manage only', async () => {
    const res = await team.admin.get('/api/tenant/plan');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ plan: { id: 'free', max_products: 100, max_users: 5, custom_domain: false }, base_plan_id: 'free', trial_ends_at: null, upgrade_requested_at: null });
    expect(data.usage).toEqual({ products: 0, users: 3 });
    expect(data.plans.map((p: { id: string; price_cents: number }) => [p.id, p.price_cents])).toEqual([
      ['free', 0],
      ['premium', 2900],
    ]);
    expect((await team.staff.get('/api/tenant/plan')).statusCode).toBe(403);
    expect((await team.manager.post('/api/tenant/plan/upgrade-request')).statusCode).toBe(403);
  });

  it('a running trial counts as Premium and says when it ends', async () => {
    const r = await t.registerTenant({ status: 'trial' });
    await setPlan(r.tenantId, { trialEndsAt: new Date('2026-05-20T00:00:00Z') });
    const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
    const data = (await admin.get('/api/tenant/plan')).json().data;
    expect(data).toMatchObject({ plan: { id: 'premium', max_products: null }, base_plan_id: 'free', trial_ends_at: '2026-05-20T00:00:00.000Z' });
    await setPlan(r.tenantId, { trialEndsAt: new Date('2026-05-01T00:00:00Z') });
    expect((await admin.get('/api/tenant/plan')).json().data.plan.id).toBe('free');
  });

  it('a Free restaurant cannot create its 101st product; the message is translated and offers the upgrade', async () => {
    await fillProducts(team.r.tenantId, 100);
    const res = await team.admin.post('/api/tenant/products', productBody('One too many'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PLAN_LIMIT',
      message: 'Your current plan allows up to 100 products. Upgrade to Premium for unlimited products.',
    });
    const de = await team.admin.post('/api/tenant/products', productBody('Eins zu viel'), { headers: { 'x-language': 'de' } });
    expect(de.statusCode).toBe(409);
    expect(de.json().message).toMatch(/^Ihr aktueller Tarif erlaubt bis zu 100 Produkte/);
    expect((await team.admin.get('/api/tenant/plan')).json().data.usage.products).toBe(100);
    // The Products page knows it before a save: for everyone who sees the menu, and only for their own restaurant.
    for (const member of [team.admin, team.manager]) expect((await member.get('/api/tenant/plan/product-room')).json().data).toEqual({ used: 100, max: 100 });
    expect((await team.staff.get('/api/tenant/plan/product-room')).statusCode).toBe(403);
    expect((await team.otherAdmin.get('/api/tenant/plan/product-room')).json().data).toEqual({ used: 0, max: 100 });

    // Deleting one frees a place.
    const [first] = await t.db.select({ id: products.id }).from(products).where(eq(products.tenantId, team.r.tenantId)).limit(1);
    expect((await team.admin.delete(`/api/tenant/products/${first!.id}`)).statusCode).toBe(200);
    expect((await team.admin.post('/api/tenant/products', productBody('Fits again'))).statusCode).toBe(201);
  });

  it('Premium has no product limit', async () => {
    const r = await t.registerTenant({ status: 'active' });
    const cat = await t.addCategory(r.tenantId, { name: 'All' });
    await t.db.insert(products).values(Array.from({ length: 100 }, (_, i) => ({ tenantId: r.tenantId, categoryId: cat, name: `P${i}`, priceCents: 100 })));
    await setPlan(r.tenantId, { planId: 'premium' });
    const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
    const res = await admin.post('/api/tenant/products', { name: 'Number 101', price_cents: 100, category_id: cat });
    expect(res.statusCode).toBe(201);
    expect((await admin.get('/api/tenant/plan')).json().data).toMatchObject({ plan: { id: 'premium' }, usage: { products: 101 } });
    expect((await admin.get('/api/tenant/plan/product-room')).json().data).toEqual({ used: 101, max: null });
  });

  it('two creates at 99 products: exactly one gets the last place', async () => {
    const r = await t.registerTenant({ status: 'active' });
    const cat = await t.addCategory(r.tenantId, { name: 'All' });
    await t.db.insert(products).values(Array.from({ length: 99 }, (_, i) => ({ tenantId: r.tenantId, categoryId: cat, name: `P${i}`, priceCents: 100 })));
    const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
    await admin.csrf();
    const results = await Promise.all(['A', 'B'].map((name) => admin.post('/api/tenant/products', { name, price_cents: 100, category_id: cat })));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect((await admin.get('/api/tenant/plan')).json().data.usage.products).toBe(100);
  });

  it('the upgrade request is recorded once and answers that the platform team will get in touch', async () => {
    const first = await team.admin.post('/api/tenant/plan/upgrade-request');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.checkout_url).toBeNull();
    expect(first.json().message).toMatch(/platform team will get in touch/);
    const at = first.json().data.upgrade_requested_at;
    expect(at).toBe(NOW.toISOString());
    const again = await team.admin.post('/api/tenant/plan/upgrade-request', undefined, { headers: { 'x-language': 'de' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.upgrade_requested_at).toBe(at);
    expect(again.json().message).toMatch(/Plattform-Team/);
    expect((await team.admin.get('/api/tenant/plan')).json().data.upgrade_requested_at).toBe(at);

    // Premium already: nothing to ask for.
    await setPlan(team.other.tenantId, { planId: 'premium' });
    expect((await team.otherAdmin.post('/api/tenant/plan/upgrade-request')).json()).toMatchObject({ code: 'CONFLICT' });
  });
});
