import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TStockAdjustmentResult, TStockLevel, TStockMovement } from '@tavolo/contracts/stock';
import { products, stockMovements } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { moveStock } from './stock.service.ts';

describeEachDb('stock', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;
  let categoryId: string;
  let otherProduct: string;

  /** A product with stock tracking set straight in the database. */
  const addProduct = async (name: string, stock: { track?: boolean; quantity?: number; low?: number } = {}, tenantId = r.tenantId, category = categoryId) => {
    const id = await t.addProduct(tenantId, category, { name, priceCents: 500 });
    await t.db
      .update(products)
      .set({ trackStock: stock.track ?? true, stockQuantity: stock.quantity ?? 0, lowStockThreshold: stock.low ?? 0 })
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    return id;
  };
  const quantityOf = async (id: string) => {
    const [row] = await t.db.select({ q: products.stockQuantity }).from(products).where(and(eq(products.tenantId, r.tenantId), eq(products.id, id)));
    return row!.q;
  };
  const movementsOf = (id: string) => t.db.select().from(stockMovements).where(and(eq(stockMovements.tenantId, r.tenantId), eq(stockMovements.productId, id)));
  const adjust = (c: TestClient, id: string, body: unknown) => c.post(`/api/tenant/stock/${id}/adjustments`, body);

  beforeAll(async () => {
    r = await t.registerTenant({ domain: 'stock-main', status: 'active' });
    other = await t.registerTenant({ domain: 'stock-other', status: 'active' });
    await t.addUser({ tenantId: r.tenantId, role: 'manager', email: 'manager@stock-main.example.com', name: 'Mia Manager' });
    await t.addUser({ tenantId: r.tenantId, role: 'staff', email: 'staff@stock-main.example.com' });
    admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
    manager = t.client(r.host, { token: await t.loginAs(r.host, 'manager@stock-main.example.com', r.password) });
    staff = t.client(r.host, { token: await t.loginAs(r.host, 'staff@stock-main.example.com', r.password) });
    otherAdmin = t.client(other.host, { token: await t.loginAs(other.host, other.email, other.password) });
    categoryId = await t.addCategory(r.tenantId, { name: 'Drinks' });
    otherProduct = await addProduct('Foreign Fizz', { quantity: 5 }, other.tenantId, await t.addCategory(other.tenantId, { name: 'Other' }));
  });

  it('adjusts stock, records each movement with its user, and lists the history newest first', async () => {
    const id = await addProduct('Cola', { quantity: 10, low: 3 });
    const res = await adjust(manager, id, { delta: 5, reason: 'restock', note: 'Delivery' });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json().data as TStockAdjustmentResult;
    expect(result.level).toMatchObject({ product_id: id, name: 'Cola', stock_quantity: 15, status: 'ok', category: { name: 'Drinks' } });
    expect(result.movement).toMatchObject({ delta: 5, quantity_after: 15, reason: 'restock', note: 'Delivery', user_name: 'Mia Manager' });
    expect(res.json().message).toBeTruthy();

    expect((await adjust(admin, id, { delta: -13, reason: 'waste' })).statusCode).toBe(201);
    expect(await quantityOf(id)).toBe(2);

    const history = await admin.get(`/api/tenant/stock/${id}/movements`, { query: { per_page: 1 } });
    expect(history.statusCode, history.body).toBe(200);
    const page = history.json().data as TPage<TStockMovement>;
    expect(page).toMatchObject({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect(page.data[0]).toMatchObject({ delta: -13, quantity_after: 2, reason: 'waste', note: null });
    const second = (await admin.get(`/api/tenant/stock/${id}/movements`, { query: { per_page: 1, page: 2 } })).json().data as TPage<TStockMovement>;
    expect(second.data[0]).toMatchObject({ delta: 5, quantity_after: 15 });
  });

  it('lists tracked products only, with status and the low / out filters', async () => {
    const t2 = await t.registerTenant({ domain: 'stock-levels', status: 'active' });
    const c = t.client(t2.host, { token: await t.loginAs(t2.host, t2.email, t2.password) });
    const cat = await t.addCategory(t2.tenantId, { name: 'Food' });
    await addProduct('Apple', { quantity: 10, low: 2 }, t2.tenantId, cat);
    await addProduct('Bread', { quantity: 2, low: 2 }, t2.tenantId, cat);
    await addProduct('Cheese', { quantity: 0, low: 1 }, t2.tenantId, cat);
    await addProduct('Dates', { track: false, quantity: 0 }, t2.tenantId, cat);
    const list = async (query: Record<string, string | number> = {}) => {
      const res = await c.get('/api/tenant/stock', { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TPage<TStockLevel>;
    };
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.data.map((l) => [l.name, l.status])).toEqual([
      ['Apple', 'ok'],
      ['Bread', 'low'],
      ['Cheese', 'out'],
    ]);
    expect((await list({ filter: 'low' })).data.map((l) => l.name)).toEqual(['Cheese', 'Bread']);
    expect((await list({ filter: 'out' })).data.map((l) => l.name)).toEqual(['Cheese']);
    expect((await list({ search: 'bre' })).data.map((l) => l.name)).toEqual(['Bread']);
    expect(await list({ per_page: 2, page: 2 })).toMatchObject({ total: 3, last_page: 2, current_page: 2, data: [{ name: 'Cheese' }] });
    expect((await c.get('/api/tenant/stock', { query: { filter: 'nope' } })).statusCode).toBe(422);
  });

  it('refuses to go below 0 and writes nothing', async () => {
    const id = await addProduct('Water', { quantity: 3 });
    const res = await adjust(admin, id, { delta: -4, reason: 'waste' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.delta[0]).toContain('3');
    expect(await quantityOf(id)).toBe(3);
    expect(await movementsOf(id)).toEqual([]);
  });

  it('refuses a restock past 1,000,000 (what the product form accepts), so the product can still be saved as it is', async () => {
    const id = await addProduct('Sparkling', { quantity: 999_990 });
    const res = await adjust(admin, id, { delta: 11, reason: 'restock' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.delta).toEqual(['Stock cannot go above 1000000 (currently 999990)']);
    expect((await adjust(admin, id, { delta: 10, reason: 'restock' })).statusCode).toBe(201);
    expect(await quantityOf(id)).toBe(1_000_000);
    const saved = await admin.get(`/api/tenant/products/${id}`);
    const { name, price_cents, category_id, track_stock, stock_quantity } = saved.json().data;
    expect((await admin.put(`/api/tenant/products/${id}`, { name, price_cents, category_id, track_stock, stock_quantity })).statusCode).toBe(200);
  });

  it('refuses untracked products, bad input and another restaurant’s product', async () => {
    const id = await addProduct('Untracked', { track: false, quantity: 4 });
    expect((await adjust(admin, id, { delta: 1, reason: 'restock' })).statusCode).toBe(422);
    expect(await movementsOf(id)).toEqual([]);

    const tracked = await addProduct('Juice', { quantity: 4 });
    for (const body of [{ delta: 0, reason: 'restock' }, { delta: 1.5, reason: 'restock' }, { delta: 2_000_000, reason: 'restock' }, { delta: 1, reason: 'order' }, { delta: 1, reason: 'restock', note: 'x'.repeat(201) }]) {
      const res = await adjust(admin, tracked, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await movementsOf(tracked)).toEqual([]);

    expect((await adjust(admin, otherProduct, { delta: 1, reason: 'restock' })).statusCode).toBe(404);
    expect((await admin.get(`/api/tenant/stock/${otherProduct}/movements`)).statusCode).toBe(404);
    expect((await adjust(admin, unknownId(), { delta: 1, reason: 'restock' })).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/tenant/stock/${otherProduct}/movements`)).statusCode).toBe(200);
  });

  it('needs menu.view to read and menu.manage to adjust', async () => {
    const id = await addProduct('Tea', { quantity: 1 });
    expect((await staff.get('/api/tenant/stock')).statusCode).toBe(403);
    expect((await staff.get(`/api/tenant/stock/${id}/movements`)).statusCode).toBe(403);
    expect((await adjust(staff, id, { delta: 1, reason: 'restock' })).statusCode).toBe(403);
    expect((await manager.get('/api/tenant/stock')).statusCode).toBe(200);
    expect((await adjust(manager, id, { delta: 1, reason: 'correction' })).statusCode).toBe(201);
    expect((await adjust(admin, id, { delta: 1, reason: 'restock' }, )).statusCode).toBe(201);
    expect((await t.client(r.host).get('/api/tenant/stock')).statusCode).toBe(401);
  });

  it('20 parallel -1 adjustments on a stock of 10: exactly 10 succeed and the level ends at 0', async () => {
    const id = await addProduct('Last Cake', { quantity: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () => adjust(admin, id, { delta: -1, reason: 'adjustment' })));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(10);
    expect(await quantityOf(id)).toBe(0);
    const movements = await movementsOf(id);
    expect(movements).toHaveLength(10);
    expect(movements.map((m) => m.quantityAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('moveStock runs inside a caller’s transaction and rolls back with it (as an order will use it)', async () => {
    const id = await addProduct('Pie', { quantity: 5 });
    await expect(
      t.db.transaction(async (tx) => {
        await moveStock(tx as never, r.tenantId, id, -2, 'order');
        throw new Error('order failed later');
      }),
    ).rejects.toThrow('order failed later');
    expect(await quantityOf(id)).toBe(5);
    expect(await movementsOf(id)).toEqual([]);

    await t.db.transaction(async (tx) => {
      expect(await moveStock(tx as never, r.tenantId, id, -2, 'order')).toMatchObject({ quantityAfter: 3 });
    });
    expect(await quantityOf(id)).toBe(3);
    expect((await movementsOf(id))[0]).toMatchObject({ reason: 'order', userId: null, delta: -2 });
  });
});
