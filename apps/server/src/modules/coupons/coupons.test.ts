import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';
import { insertOrder } from '../../test/order-fixture.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
const base = { code: 'summer-15', kind: 'percent', value: 15, min_order_cents: 2000, valid_from: '2030-06-01', valid_until: '2030-08-31', max_uses: 100, max_uses_per_customer: 1, is_active: true };

describeEachDb('coupons admin', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;
  let productId: string;

  beforeAll(async () => {
    team = await t.registerTeam('coupons');
    const category = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    productId = await t.addProduct(team.r.tenantId, category, { name: 'Soup', priceCents: 2500 });
  });

  /** A standing (or released) order that used the coupon. */
  const redeem = async (couponId: string, email: string, status = 'completed') => {
    const order = await insertOrder(t.db, team.r.tenantId, { email, at: new Date(), status, lines: [{ productId, name: 'Soup', cents: 2500 }] });
    await t.db.update(orders).set({ couponCode: 'SUMMER-15' }).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.id, order.id)));
    await t.db.insert(couponRedemptions).values({ tenantId: team.r.tenantId, couponId, orderId: order.id, customerKey: email });
    return order.id;
  };

  let summerId: string;

  it('creates a coupon with its code upper case; managers may, staff may not even look', async () => {
    expect((await team.staff.get('/api/tenant/coupons')).statusCode).toBe(403);
    expect((await team.staff.post('/api/tenant/coupons', base)).statusCode).toBe(403);

    const res = await team.manager.post('/api/tenant/coupons', base);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Changes saved successfully' });
    expect(res.json().data).toEqual({ ...base, id: expect.any(String), code: 'SUMMER-15', uses: 0, created_at: expect.any(String) });
    summerId = res.json().data.id;

    // Defaults: no minimum, no dates, unlimited, active.
    const fixed = await team.manager.post('/api/tenant/coupons', { code: 'FiveOff', kind: 'fixed', value: 500 });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().data).toMatchObject({ code: 'FIVEOFF', kind: 'fixed', value: 500, min_order_cents: 0, valid_from: null, valid_until: null, max_uses: null, max_uses_per_customer: null, is_active: true });
  });

  it('refuses a code the restaurant already uses, whatever its case, on create and on edit', async () => {
    const dup = await team.manager.post('/api/tenant/coupons', { ...base, code: '  Summer-15 ' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['A coupon with this code already exists.'] });

    const de = await team.manager.post('/api/tenant/coupons', { ...base, code: 'summer-15' }, { headers: { 'x-language': 'de' } });
    expect(de.json().errors).toEqual({ code: ['Einen Gutschein mit diesem Code gibt es bereits.'] });

    const other = (await team.manager.get('/api/tenant/coupons', { query: { search: 'fiveoff' } })).json().data.data[0];
    const rename = await team.manager.put(`/api/tenant/coupons/${other.id}`, { ...base, code: 'SUMMER-15' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ code: ['A coupon with this code already exists.'] });

    // Keeping its own code is fine; another restaurant may use the same code.
    const same = await team.manager.put(`/api/tenant/coupons/${summerId}`, { ...base, value: 20 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ code: 'SUMMER-15', value: 20 });
    expect((await team.otherAdmin.post('/api/tenant/coupons', base)).statusCode).toBe(201);
  });

  it('lets only one of two saves racing for a code win', async () => {
    const [x, y] = await Promise.all([team.manager.post('/api/tenant/coupons', { ...base, code: 'RACE' }), team.admin.post('/api/tenant/coupons', { ...base, code: 'race' })]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    expect([x, y].find((r) => r.statusCode === 422)!.json().errors).toEqual({ code: ['A coupon with this code already exists.'] });
    const id = [x, y].find((r) => r.statusCode === 201)!.json().data.id;
    expect((await team.manager.delete(`/api/tenant/coupons/${id}`)).statusCode).toBe(200);
  });

  it('checks every field with a translated message', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ code: 'two words' }, { code: ['Use only letters, digits, - and _.'] }],
      [{ code: '' }, { code: ['This field is required.'] }],
      [{ code: 'X'.repeat(33) }, { code: [expect.any(String)] as unknown as string[] }],
      [{ kind: 'bogus' }, { kind: [expect.any(String)] as unknown as string[] }],
      [{ value: 150 }, { value: ['A percentage can be at most 100.'] }],
      [{ value: 0 }, { value: [msg('validation.min_value', { min: 1 })] }],
      [{ kind: 'fixed', value: 2.5 }, { value: ['Enter a whole number.'] }],
      [{ min_order_cents: -1 }, { min_order_cents: [msg('validation.min_value', { min: 0 })] }],
      [{ valid_from: '2030-09-01', valid_until: '2030-08-31' }, { valid_until: ['The end date must not be before the start date.'] }],
      [{ valid_from: '2030-02-30' }, { valid_from: [expect.any(String)] as unknown as string[] }],
      [{ max_uses: 0 }, { max_uses: [expect.any(String)] as unknown as string[] }],
      [{ max_uses_per_customer: 0 }, { max_uses_per_customer: [expect.any(String)] as unknown as string[] }],
    ];
    for (const [change, errors] of cases) {
      const res = await team.manager.post('/api/tenant/coupons', { ...base, code: 'CHECKME', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
      for (const messages of Object.values(res.json().errors as Record<string, string[]>)) expect(messages[0]).not.toMatch(/^[\w.]+$/);
    }
    // A fixed amount may be above 100 (it is in cents).
    const big = await team.manager.post('/api/tenant/coupons', { ...base, code: 'BIGFIXED', kind: 'fixed', value: 15000 });
    expect(big.statusCode, big.body).toBe(201);

    const de = await team.manager.post('/api/tenant/coupons', { ...base, code: 'two words', value: 101 }, { headers: { 'x-language': 'de' } });
    expect(de.json().errors).toEqual({ code: ['Verwenden Sie nur Buchstaben, Ziffern, - und _.'], value: ['Ein Prozentsatz kann höchstens 100 sein.'] });
    expect((await t.db.select().from(coupons).where(eq(coupons.code, 'CHECKME'))).length).toBe(0);
  });

  it('counts uses by orders that still stand, per coupon, in the list', async () => {
    await redeem(summerId, 'a@example.com');
    await redeem(summerId, 'b@example.com', 'pending');
    await redeem(summerId, 'c@example.com', 'cancelled');
    await redeem(summerId, 'd@example.com', 'rejected');
    const list = await team.manager.get('/api/tenant/coupons');
    expect(list.statusCode, list.body).toBe(200);
    const byCode = Object.fromEntries((list.json().data.data as { code: string; uses: number }[]).map((c) => [c.code, c.uses]));
    expect(byCode).toEqual({ 'SUMMER-15': 2, FIVEOFF: 0, BIGFIXED: 0 });
    // The other restaurant's coupons never show here.
    expect(list.json().data.total).toBe(3);
  });

  it('searches by code and pages, newest first', async () => {
    const page1 = (await team.manager.get('/api/tenant/coupons', { query: { per_page: 2 } })).json().data;
    expect(page1).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(page1.data.map((c: { code: string }) => c.code)).toEqual(['BIGFIXED', 'FIVEOFF']);
    const page2 = (await team.manager.get('/api/tenant/coupons', { query: { per_page: 2, page: 2 } })).json().data;
    expect(page2.data.map((c: { code: string }) => c.code)).toEqual(['SUMMER-15']);
    const found = (await team.manager.get('/api/tenant/coupons', { query: { search: 'mer-1' } })).json().data;
    expect(found.data.map((c: { code: string }) => c.code)).toEqual(['SUMMER-15']);
    // LIKE wildcards are literal.
    expect((await team.manager.get('/api/tenant/coupons', { query: { search: '%' } })).json().data.total).toBe(0);
    expect((await team.manager.get('/api/tenant/coupons', { query: { per_page: 500 } })).statusCode).toBe(422);
  });

  it("answers 404 for another restaurant's coupon and changes nothing", async () => {
    const theirs = (await team.otherAdmin.get('/api/tenant/coupons')).json().data.data[0];
    const before = await t.db.select().from(coupons).where(eq(coupons.tenantId, team.other.tenantId));
    expect((await team.manager.put(`/api/tenant/coupons/${theirs.id}`, { ...base, code: 'STOLEN' })).statusCode).toBe(404);
    expect((await team.manager.delete(`/api/tenant/coupons/${theirs.id}`)).statusCode).toBe(404);
    expect((await team.manager.put(`/api/tenant/coupons/${unknownId()}`, base)).statusCode).toBe(404);
    expect((await team.manager.delete(`/api/tenant/coupons/${unknownId()}`)).statusCode).toBe(404);
    expect(await t.db.select().from(coupons).where(eq(coupons.tenantId, team.other.tenantId))).toEqual(before);
    expect(before).toMatchObject([{ code: 'SUMMER-15', value: 15 }]);
  });

  it('deletes a coupon with uses; its orders keep the code', async () => {
    const res = await team.manager.delete(`/api/tenant/coupons/${summerId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Item deleted successfully');
    expect(await t.db.select().from(coupons).where(eq(coupons.id, summerId))).toEqual([]);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, summerId))).toEqual([]);
    const kept = await t.db.select({ code: orders.couponCode }).from(orders).where(eq(orders.tenantId, team.r.tenantId));
    expect(kept.map((o) => o.code)).toEqual(['SUMMER-15', 'SUMMER-15', 'SUMMER-15', 'SUMMER-15']);
    // The code is free again.
    expect((await team.manager.post('/api/tenant/coupons', base)).statusCode).toBe(201);
  });
});

