import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import type { TCheckoutRequest } from '@tavolo/contracts/orders';
import { mailOutbox, notifications, orders, orderItems, products, stockMovements, tenantSettings, tenants } from '../../db/schema/index.ts';
import { client, describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
// A Wednesday, 12:00 UTC: inside the default opening hours (09:00–22:00, restaurant time zone UTC).
const NOON = new Date('2026-06-10T12:00:00Z');

describeEachDb('orders', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let team: TestTeam;
  let pizza: string;
  let tiramisu: string;
  let hidden: string;
  let foreign: string;

  const guest = () => client(t.app, team.r.host);
  const body = (overrides: Partial<TCheckoutRequest> = {}): TCheckoutRequest => ({
    items: [{ product_id: pizza, quantity: 2 }],
    customer_name: 'Grace Hopper',
    customer_phone: '+49 30 1234567',
    customer_email: 'Grace@Example.com',
    type: 'pickup',
    ...overrides,
  });
  const order = (b: unknown, key?: string) => guest().post('/api/tenant/orders', b, { headers: key ? { 'idempotency-key': key } : {} });
  const setStock = (id: string, stockQuantity: number) => t.db.update(products).set({ trackStock: true, stockQuantity }).where(eq(products.id, id));
  const setSettings = (values: Partial<typeof tenantSettings.$inferInsert>) => t.db.update(tenantSettings).set(values).where(eq(tenantSettings.tenantId, team.r.tenantId));
  const orderRows = () => t.db.select().from(orders).where(eq(orders.tenantId, team.r.tenantId));

  beforeAll(async () => {
    team = await t.registerTeam('ord');
    const mains = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    const closed = await t.addCategory(team.r.tenantId, { name: 'Retired', isActive: false });
    pizza = await t.addProduct(team.r.tenantId, mains, { name: 'Pizza', priceCents: 1250, discountPercent: 20 });
    tiramisu = await t.addProduct(team.r.tenantId, mains, { name: 'Tiramisu', priceCents: 650 });
    hidden = await t.addProduct(team.r.tenantId, closed, { name: 'Old Pie', priceCents: 500 });
    const otherCat = await t.addCategory(team.other.tenantId, { name: 'Theirs' });
    foreign = await t.addProduct(team.other.tenantId, otherCat, { name: 'Their Pizza', priceCents: 100 });
  });

  describe('options', () => {
    it('offers today’s remaining quarter hours and the order types', async () => {
      const res = await guest().get('/api/tenant/orders/options');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ accepting: true, reason: null, pickup_enabled: true, delivery_enabled: false, open_now: true, today: { open: '09:00', close: '22:00' } });
      // Noon plus the default 20 minutes' preparation: the first quarter hour after 12:20.
      expect(data.slots[0]).toBe('12:30');
      expect(data.slots.at(-1)).toBe('22:00');
      await setSettings({ isOpen: false });
      expect((await guest().get('/api/tenant/orders/options')).json().data).toMatchObject({ accepting: false, reason: msg('orders.errors.paused') });
      await setSettings({ isOpen: true });
    });
  });

  describe('quote', () => {
    it('prices the cart with the server’s prices and the restaurant discount', async () => {
      await setSettings({ discountPercent: 10 });
      const res = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: pizza, quantity: 2 }, { product_id: tiramisu, quantity: 1 }] });
      expect(res.statusCode).toBe(200);
      // Pizza 12.50 - 20% = 10.00 (×2), tiramisu 6.50: 26.50, minus 10% = 23.85.
      expect(res.json().data).toMatchObject({ subtotal_cents: 2650, discount_cents: 265, total_cents: 2385, delivery_fee_cents: 0, currency_symbol: '$' });
      await setSettings({ discountPercent: 0 });
    });

    it('takes ids written in capitals as the same dishes (it answered 500 once)', async () => {
      const lower = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: pizza, quantity: 2 }] });
      const upper = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: pizza.toUpperCase(), quantity: 2 }] });
      expect(upper.statusCode, upper.body).toBe(200);
      expect(upper.json().data).toEqual(lower.json().data);
    });

    it('refuses a delivery price where the restaurant does not deliver, as the checkout refuses the order', async () => {
      const res = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: pizza, quantity: 1 }], type: 'delivery' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.type).toEqual([msg('orders.validation.delivery_off')]);
    });

    it('refuses dishes of a hidden category and other restaurants’ dishes, and an empty cart', async () => {
      for (const id of [hidden, foreign, unknownId()]) {
        const res = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: id, quantity: 1 }] });
        expect(res.statusCode, id).toBe(422);
        expect(res.json().errors.items).toEqual([msg('orders.validation.item_unavailable')]);
      }
      // The refused lines are named by their place in the cart, so the checkout can say which dish to remove.
      const mixed = await guest().post('/api/tenant/orders/quote', { items: [{ product_id: pizza, quantity: 1 }, { product_id: hidden, quantity: 1 }, { product_id: foreign, quantity: 2 }] });
      expect(Object.keys(mixed.json().errors).sort()).toEqual(['items', 'items.1.product_id', 'items.2.product_id']);
      const empty = await guest().post('/api/tenant/orders/quote', { items: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.items).toEqual([msg('orders.validation.cart_empty')]);
    });
  });

  describe('checkout', () => {
    it('places an order priced by the server, with lines, history, a staff notification and two queued mails', async () => {
      // Prices or totals sent by the client are ignored.
      const res = await order({ ...body(), total_cents: 1, items: [{ product_id: pizza, quantity: 2, price_cents: 1 }] }, 'key-first-order');
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe(msg('orders.messages.placed', { number: data.order.number }));
      expect(data.order).toMatchObject({ number: 1001, status: 'pending', type: 'pickup', subtotal_cents: 2000, total_cents: 2000, customer_name: 'Grace Hopper' });
      expect(data.order.lines).toEqual([
        { name: 'Pizza', options: [], quantity: 2, unit_price_cents: 1250, discount_percent: 20, final_unit_price_cents: 1000, line_total_cents: 2000 },
      ]);
      expect(data.order.history.map((h: { status: string }) => h.status)).toEqual(['pending']);
      expect(data.tracking_token).toMatch(/^[\w-]{43}$/);
      expect(data.tracking_url).toBe(`http://${team.r.host}/order/${data.tracking_token}`);

      const [row] = (await orderRows()).filter((o) => o.number === 1001);
      expect(row).toMatchObject({ customerEmail: 'grace@example.com', totalCents: 2000 });
      expect(row!.trackingTokenHash).not.toContain(data.tracking_token);
      expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id))).toHaveLength(1);
      const [note] = await t.db.select().from(notifications).where(eq(notifications.orderId, row!.id));
      expect(note).toMatchObject({ kind: 'order', isRead: false });

      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId));
      expect(mails.map((m) => m.toAddress).sort()).toEqual([team.r.email, 'grace@example.com'].sort());
      await t.app.outbox.drain();
      const guestMail = t.mailer.sent.find((m) => m.to === 'grace@example.com')!;
      expect(guestMail.subject).toBe(`Your order #1001 at ${team.r.name}`);
      expect(guestMail.text).toContain(data.tracking_url);
      expect(guestMail.text).toContain('2 × Pizza: $20.00');
      // The alert is for the restaurant's staff: in its language (a restaurant in Germany), not the guest's.
      const alert = t.mailer.sent.find((m) => m.to === team.r.email)!;
      expect(alert.subject).toBe(translate('de', 'orders.mail.alert_subject', { number: 1001, total: '20,00 $' }));
      expect(alert.text).toContain('2 × Pizza: 20,00\u00a0$');
      expect(alert.replyTo).toBe('grace@example.com');
      expect(guestMail.replyTo).toBe(team.r.email);
    });

    it("the guest's note (allergies) is in the kitchen's alert and in the guest's mail, escaped, its lines kept", async () => {
      const note = 'Nut allergy <b>please</b>\nRing twice';
      const res = await order(body({ customer_email: 'noted@example.com', note }));
      expect(res.statusCode, res.body).toBe(201);
      await t.app.outbox.drain();
      const number = res.json().data.order.number;
      const guestMail = t.mailer.sent.find((m) => m.to === 'noted@example.com')!;
      const alert = t.mailer.sent.find((m) => m.to === team.r.email && m.subject.includes(`#${number}`))!;
      expect(guestMail.text).toContain(translate('en', 'orders.mail.note', { note }));
      expect(alert.text).toContain(translate('de', 'orders.mail.note', { note }));
      expect(alert.html).toContain('Nut allergy &lt;b&gt;please&lt;/b&gt;\nRing twice');
      expect(alert.html).not.toContain('<b>please');
      // No note, no line for it.
      const plain = await order(body({ customer_email: 'plain@example.com' }));
      await t.app.outbox.drain();
      expect(t.mailer.sent.find((m) => m.to === 'plain@example.com')!.text).not.toContain(translate('en', 'orders.mail.note', { note: '' }).trim());
      expect(plain.statusCode).toBe(201);
    });

    it('the tracking link shows the order on its own host only', async () => {
      const res = await order(body({ customer_email: 'track@example.com' }));
      const { tracking_token: token, order: placed } = res.json().data;
      const tracked = await guest().get(`/api/tenant/orders/track/${token}`);
      expect(tracked.statusCode).toBe(200);
      expect(tracked.json().data).toMatchObject({ number: placed.number, status: 'pending' });
      expect(tracked.json().data).not.toHaveProperty('customer_email');
      expect((await client(t.app, team.other.host).get(`/api/tenant/orders/track/${token}`)).statusCode).toBe(404);
      expect((await guest().get(`/api/tenant/orders/track/${'x'.repeat(43)}`)).statusCode).toBe(404);
    });

    it.each([
      ['no name', { customer_name: ' ' }, 'customer_name', 'validation.required'],
      ['a bad e-mail', { customer_email: 'nope' }, 'customer_email', 'validation.email'],
      ['a bad phone', { customer_phone: 'call me' }, 'customer_phone', 'validation.phone'],
      ['delivery without an address', { type: 'delivery' as const }, 'delivery_address', 'validation.required'],
      ['a bad time', { requested_time: '25:00' }, 'requested_time', 'validation.time'],
    ])('%s is refused on its field and writes nothing', async (_, overrides, field, key) => {
      const before = await t.rowCounts();
      const res = await order(body(overrides));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([msg(key)]);
      expect(await t.rowCounts()).toEqual(before);
    });

    it('refuses quantities that are not whole numbers from 1 to 99', async () => {
      for (const quantity of [0, -1, 1.5, 100, '2']) {
        const res = await order(body({ items: [{ product_id: pizza, quantity: quantity as number }] }));
        expect(res.statusCode, String(quantity)).toBe(422);
        expect(Object.keys(res.json().errors)[0]).toMatch(/^items/);
      }
      // Lines of one dish are one line of the order: 50 lines of 99 were taken as one line of 4,950.
      const split = await guest().post('/api/tenant/orders', body({ items: [{ product_id: pizza, quantity: 60 }, { product_id: pizza, quantity: 40 }] }), { headers: { 'x-language': 'de' } });
      expect(split.statusCode).toBe(422);
      expect(split.json().errors).toEqual({ 'items.1.quantity': [translate('de', 'orders.validation.same_dish_too_many', { max: 99 })] });
      expect((await order(body({ items: [{ product_id: pizza, quantity: 60 }, { product_id: pizza, quantity: 39 }] }))).statusCode).toBe(201);
    });

    it('refuses another restaurant’s dish and a hidden category’s dish, writing nothing', async () => {
      const before = await t.rowCounts();
      for (const id of [foreign, hidden]) {
        const res = await order(body({ items: [{ product_id: pizza, quantity: 1 }, { product_id: id, quantity: 1 }] }));
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(msg('orders.errors.items_unavailable'));
      }
      expect(await t.rowCounts()).toEqual(before);
    });

    it('checks the requested time against today’s hours, and delivery rules', async () => {
      const early = await order(body({ requested_time: '08:00' }));
      expect(early.json().errors.requested_time).toEqual([msg('orders.validation.time_outside_hours', { open: '09:00', close: '22:00' })]);
      const past = await order(body({ requested_time: '11:45' }));
      expect(past.json().errors.requested_time).toEqual([msg('orders.validation.time_past')]);
      const later = await order(body({ requested_time: '18:30' }));
      expect(later.statusCode).toBe(201);
      expect(later.json().data.order.requested_time).toBe('2026-06-10T18:30:00.000Z');

      const noDelivery = await order(body({ type: 'delivery', delivery_address: 'Main St 1' }));
      expect(noDelivery.json().errors.type).toEqual([msg('orders.validation.delivery_off')]);
      await setSettings({ deliveryEnabled: true, deliveryFeeCents: 300, deliveryMinOrderCents: 5000 });
      const small = await order(body({ type: 'delivery', delivery_address: 'Main St 1' }));
      expect(small.json().errors.type).toEqual([msg('orders.validation.delivery_minimum', { missing: '$30.00' })]);
      const big = await order(body({ type: 'delivery', delivery_address: 'Main St 1', delivery_postal_code: '10115', customer_email: 'deliver@example.com', items: [{ product_id: pizza, quantity: 5 }] }));
      expect(big.statusCode).toBe(201);
      expect(big.json().data.order).toMatchObject({ delivery_fee_cents: 300, total_cents: 5300, delivery_address: 'Main St 1' });
      // The guest checks the address and the kitchen needs it: both mails name it (the alert in the restaurant's German).
      await t.app.outbox.drain();
      const number = big.json().data.order.number;
      const guestMail = t.mailer.sent.find((m) => m.to === 'deliver@example.com')!;
      const alert = t.mailer.sent.find((m) => m.to === team.r.email && m.subject.includes(`#${number}`))!;
      expect(guestMail.text).toContain(msg('orders.mail.delivery_to', { address: 'Main St 1, 10115' }));
      expect(alert.text).toContain(translate('de', 'orders.mail.delivery_to', { address: 'Main St 1, 10115' }));
      expect(alert.html).toContain('Lieferung an: Main St 1, 10115');
      await setSettings({ deliveryEnabled: false });
    });

    it('a paused restaurant, a closed day and a pending restaurant take no orders', async () => {
      await setSettings({ isOpen: false });
      expect((await order(body())).json()).toMatchObject({ code: 'CONFLICT', message: msg('orders.errors.paused') });
      await setSettings({ isOpen: true, openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 3, open: '09:00', close: '22:00' })) });
      expect((await order(body())).json().message).toBe(msg('orders.errors.closed_today'));
      await setSettings({ openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '13:00', close: '22:00' })) });
      const closedNow = await order(body());
      expect(closedNow.json().errors.requested_time).toEqual([msg('orders.validation.closed_now', { open: '13:00', close: '22:00' })]);
      await setSettings({ openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '09:00', close: '22:00' })) });

      const pending = await t.registerTenant({ domain: 'ord-pending' });
      const cat = await t.addCategory(pending.tenantId, { name: 'Soon' });
      const dish = await t.addProduct(pending.tenantId, cat, { name: 'Soup', priceCents: 500 });
      const res = await client(t.app, pending.host).post('/api/tenant/orders', body({ items: [{ product_id: dish, quantity: 1 }] }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg('orders.errors.not_taking_orders'));
    });
  });

  describe('idempotency', () => {
    it('a retry with the same key and body returns the same order; another body is refused', async () => {
      const first = await order(body({ customer_email: 'retry@example.com' }), 'retry-key-123');
      const again = await order(body({ customer_email: 'retry@example.com' }), 'retry-key-123');
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await orderRows()).filter((o) => o.customerEmail === 'retry@example.com')).toHaveLength(1);

      const changed = await order(body({ customer_email: 'retry@example.com', items: [{ product_id: pizza, quantity: 3 }] }), 'retry-key-123');
      expect(changed.statusCode).toBe(422);
      expect(changed.json()).toEqual({ success: false, code: 'VALIDATION', message: msg('orders.errors.idempotency_mismatch'), errors: {} });
      // The same key on another restaurant is another key.
      const elsewhere = await client(t.app, team.other.host).post('/api/tenant/orders', body({ items: [{ product_id: foreign, quantity: 1 }] }), { headers: { 'idempotency-key': 'retry-key-123' } });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('a refused order does not use up its key', async () => {
      await setStock(tiramisu, 0);
      const refused = await order(body({ items: [{ product_id: tiramisu, quantity: 1 }] }), 'fix-and-retry');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors.items).toEqual([msg('orders.errors.sold_out', { name: 'Tiramisu' })]);
      await setStock(tiramisu, 5);
      expect((await order(body({ items: [{ product_id: tiramisu, quantity: 1 }] }), 'fix-and-retry')).statusCode).toBe(201);
    });

    it('a malformed key is a 422', async () => {
      const res = await order(body(), 'short');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.idempotency_key).toEqual([msg('orders.validation.idempotency_key')]);
    });

    it('parallel requests with one key create exactly one order', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => order(body({ customer_email: 'parallel@example.com' }), 'parallel-key-1')));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.json().data.order.number)).size).toBe(1);
      expect((await orderRows()).filter((o) => o.customerEmail === 'parallel@example.com')).toHaveLength(1);
    });
  });

  describe('stock', () => {
    it('an order lowers stock; more than is left is refused with how many are left', async () => {
      await setStock(tiramisu, 3);
      const res = await order(body({ items: [{ product_id: tiramisu, quantity: 4 }] }));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.items).toEqual([msg('orders.errors.only_left', { name: 'Tiramisu', available: 3 })]);
      expect((await order(body({ items: [{ product_id: tiramisu, quantity: 2 }] }))).statusCode).toBe(201);
      const [row] = await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, tiramisu));
      expect(row!.q).toBe(1);
    });

    it('concurrent guests never buy the same last units', async () => {
      await setStock(tiramisu, 5);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => order(body({ customer_email: `race${i}@example.com`, items: [{ product_id: tiramisu, quantity: 1 }] }))),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      const [row] = await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, tiramisu));
      expect(row!.q).toBe(0);
      const moves = await t.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, tiramisu), eq(stockMovements.reason, 'order')));
      const raceOrders = (await orderRows()).filter((o) => o.customerEmail.startsWith('race'));
      expect(raceOrders).toHaveLength(5);
      expect(moves.filter((m) => raceOrders.some((o) => m.note === `#${o.number}`))).toHaveLength(5);
      expect(new Set(raceOrders.map((o) => o.number)).size).toBe(5);
    });
  });

  describe('staff', () => {
    let placed: { id: string; number: number; token: string };
    beforeAll(async () => {
      await setStock(tiramisu, 10);
      const res = await order(body({ customer_email: 'staff-view@example.com', items: [{ product_id: tiramisu, quantity: 3 }] }));
      const list = await team.admin.get('/api/tenant/orders', { query: { search: 'staff-view' } });
      placed = { id: list.json().data.data[0].id, number: res.json().data.order.number, token: res.json().data.tracking_token };
    });

    it('lists orders newest first with the total (SPEC §7 count) for every role that may view them', async () => {
      for (const c of [team.admin, team.manager, team.staff]) {
        const res = await c.get('/api/tenant/orders', { query: { per_page: 1 } });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.total).toBe((await orderRows()).length);
        expect(res.json().data.data).toHaveLength(1);
      }
      const found = await team.admin.get('/api/tenant/orders', { query: { search: `#${placed.number}` } });
      expect(found.json().data.data.map((o: { number: number }) => o.number)).toEqual([placed.number]);
      // The guest's phone (+49 30 1234567) however staff type it; digits that are in no number find nothing.
      for (const search of ['+49301234567', '(30) 123-4567', '30 123 4567']) {
        const byPhone = (await team.admin.get('/api/tenant/orders', { query: { search, per_page: 100 } })).json().data.data;
        expect(byPhone.map((o: { number: number }) => o.number), search).toContain(placed.number);
      }
      expect((await team.admin.get('/api/tenant/orders', { query: { search: '(999) 888-7777' } })).json().data.total).toBe(0);
      expect((await guest().get('/api/tenant/orders')).statusCode).toBe(401);
    });

    it('staff may not change status; a manager moves it along and the guest sees it', async () => {
      const change = (c: typeof team.admin, status: string, reason?: string) => c.patch(`/api/tenant/orders/${placed.id}/status`, { status, reason, ...(status === 'accepted' ? { ready_in_minutes: 20 } : {}) });
      expect((await change(team.staff, 'accepted')).statusCode).toBe(403);
      expect((await change(team.manager, 'accepted')).statusCode).toBe(200);
      const illegal = await change(team.manager, 'pending');
      expect(illegal.statusCode).toBe(409);
      expect(illegal.json().message).toBe(msg('orders.errors.illegal_transition', { from: msg('orders.status.accepted'), to: msg('orders.status.pending') }));
      const tracked = await guest().get(`/api/tenant/orders/track/${placed.token}`);
      expect(tracked.json().data.status).toBe('accepted');
      expect(tracked.json().data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'accepted']);
    });

    it('cancelling needs a reason and gives the stock back', async () => {
      const [before] = await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, tiramisu));
      const noReason = await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'cancelled' });
      expect(noReason.json().errors.reason).toEqual([msg('validation.required')]);
      const res = await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'cancelled', reason: 'Kitchen fire' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', cancelled_reason: 'Kitchen fire' });
      const [after] = await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, tiramisu));
      expect(after!.q).toBe(before!.q + 3);
      await t.app.outbox.drain();
      const cancelMail = t.mailer.sent.find((m) => m.to === 'staff-view@example.com' && m.text.includes('Kitchen fire'))!;
      // With the restaurant's number to call (it was a dead end).
      const [restaurant] = await t.db.select({ phone: tenants.phone }).from(tenants).where(eq(tenants.id, team.r.tenantId));
      expect(cancelMail.text).toContain(msg('orders.mail.questions_call', { phone: restaurant!.phone }));
      // Cancelled is final: no second give-back.
      expect((await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'cancelled', reason: 'again' })).statusCode).toBe(409);
    });

    it('another restaurant’s admin cannot read or change the order', async () => {
      expect((await team.otherAdmin.get(`/api/tenant/orders/${placed.id}`)).statusCode).toBe(404);
      const other = client(t.app, team.other.host, { token: team.otherAdmin.token });
      expect((await other.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'completed' })).statusCode).toBe(404);
    });
  });
});

describeEachDb('checkout rate limit', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '3' } });
  it('refuses more orders per minute from one address', async () => {
    const r = await t.registerTenant({ domain: 'ord-limit', status: 'active' });
    const guest = client(t.app, r.host);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await guest.post('/api/tenant/orders', {})).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

describeEachDb('checkout summary rate limit', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { QUOTE_MAX_PER_IP_PER_MINUTE: '6', COUPON_QUOTE_MAX_PER_IP_PER_MINUTE: '3' } });
  it('allows fewer summaries with a coupon code per minute and address (each refusal says why the code fails), counted apart', async () => {
    const r = await t.registerTenant({ domain: 'quote-limit', status: 'active' });
    const dish = await t.addProduct(r.tenantId, await t.addCategory(r.tenantId, { name: 'Mains' }), { name: 'Soup', priceCents: 500 });
    const guest = client(t.app, r.host);
    const ask = async (coupon_code?: string) => (await guest.post('/api/tenant/orders/quote', { items: [{ product_id: dish, quantity: 1 }], coupon_code })).statusCode;
    const guesses: number[] = [];
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3', 'GUESS4']) guesses.push(await ask(code));
    expect(guesses).toEqual([422, 422, 422, 429]);
    // The cart without a code is still priced, up to its own limit.
    const plain: number[] = [];
    for (let i = 0; i < 7; i++) plain.push(await ask());
    expect(plain).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
