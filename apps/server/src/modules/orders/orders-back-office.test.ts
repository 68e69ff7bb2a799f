import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, translate } from '@tavolo/contracts/i18n';
import type { TCheckoutRequest, TOrder, TPhoneOrderRequest } from '@tavolo/contracts/orders';
import { mailOutbox, notifications, orderStatusHistory, orderingSettings, orders, products, tenantSettings, users } from '../../db/schema/index.ts';
import { client, describeEachDb, useTestApp, type TestTeam } from '../../test/harness.ts';
import { createOrderEscalation } from './orders.escalation.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
// A Wednesday, 12:00 UTC = 14:00 in Berlin: inside the default opening hours (09:00–22:00).
const NOON = new Date('2026-06-10T12:00:00Z');
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describeEachDb('orders back office (issue #5)', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let team: TestTeam;
  let pizza: string;
  let salad: string;

  const guest = () => client(t.app, team.r.host);
  const body = (overrides: Partial<TCheckoutRequest> = {}): TCheckoutRequest => ({
    items: [{ product_id: pizza, quantity: 1 }],
    customer_name: 'Ada Lovelace',
    customer_phone: '+49 30 555000',
    customer_email: 'ada@example.com',
    type: 'pickup',
    ...overrides,
  });
  const place = async (overrides: Partial<TCheckoutRequest> = {}) => {
    const res = await guest().post('/api/tenant/orders', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    const { order, tracking_token: token } = res.json().data;
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, order.number)));
    return { id: row!.id, number: order.number as number, token: token as string, row: row! };
  };
  const setSettings = (values: Partial<typeof tenantSettings.$inferInsert>) => t.db.update(tenantSettings).set(values).where(eq(tenantSettings.tenantId, team.r.tenantId));
  const stockOf = async (id: string) => (await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]!.q;
  const list = async (query: Record<string, string | number>) => {
    const res = await team.admin.get('/api/tenant/orders', { query: { per_page: 100, ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as TOrder[];
  };

  beforeAll(async () => {
    team = await t.registerTeam('bo');
    const mains = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    pizza = await t.addProduct(team.r.tenantId, mains, { name: 'Pizza', priceCents: 1000 });
    salad = await t.addProduct(team.r.tenantId, mains, { name: 'Salad', priceCents: 700, discountPercent: 10 });
    await t.db.update(products).set({ trackStock: true, stockQuantity: 50 }).where(eq(products.id, salad));
    await setSettings({ timeZone: 'Europe/Berlin', deliveryEnabled: true, deliveryFeeCents: 300 });
  });

  describe('accepting with a promised time', () => {
    it('refuses to accept without a time or with one outside 5–240 minutes', async () => {
      const { id } = await place();
      const none = await team.manager.patch(`/api/tenant/orders/${id}/status`, { status: 'accepted' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.ready_in_minutes).toEqual([msg('orders.validation.ready_in_required')]);
      for (const bad of [4, 241, 12.5, '20']) {
        const res = await team.manager.patch(`/api/tenant/orders/${id}/status`, { status: 'accepted', ready_in_minutes: bad });
        expect(res.statusCode, String(bad)).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['ready_in_minutes']);
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      expect(row).toMatchObject({ status: 'pending', promisedAt: null });
    });

    it('stores the promise; the guest’s tracking and mail show it on the restaurant’s clock', async () => {
      const placed = await place({ customer_email: 'promise@example.com' });
      const res = await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'accepted', ready_in_minutes: 25 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.promised_at).toBe(minutes(NOON, 25).toISOString());

      const tracked = (await guest().get(`/api/tenant/orders/track/${placed.token}`)).json().data;
      expect(tracked).toMatchObject({ status: 'accepted', promised_at: minutes(NOON, 25).toISOString(), time_zone: 'Europe/Berlin' });
      // The guest never learns who on the staff did what.
      expect(tracked.history[1]).toEqual({ status: 'accepted', at: expect.any(String) });

      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'promise@example.com' && m.subject.startsWith('Update'))!;
      // 12:25 UTC is 14:25 in Berlin (summer time).
      expect(mail.text).toContain(msg('orders.mail.ready_at', { time: '14:25' }));
    });

    it('an order wanted at a set time is promised that time, or later when the kitchen needs longer, never earlier', async () => {
      // Tomorrow 19:30 in Berlin: no minutes to choose, and a mail that names the day (not "ready at 14:20").
      const tomorrow = await place({ customer_email: 'later@example.com', requested_date: '2026-06-11', requested_time: '19:30' });
      const accepted = await team.manager.patch(`/api/tenant/orders/${tomorrow.id}/status`, { status: 'accepted' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data.promised_at).toBe('2026-06-11T17:30:00.000Z');
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'later@example.com' && m.subject.startsWith('Update'))!;
      expect(mail.text).toContain(msg('orders.mail.ready_on', { date: formatCalendarDate('en', '2026-06-11'), time: '19:30' }));

      // Minutes that would make it sooner than wanted keep the wanted time.
      const soon = await place({ requested_date: '2026-06-11', requested_time: '12:00' });
      const early = await team.manager.patch(`/api/tenant/orders/${soon.id}/status`, { status: 'accepted', ready_in_minutes: 20 });
      expect(early.json().data.promised_at).toBe('2026-06-11T10:00:00.000Z');

      // Wanted today at 15:00 (14:00 now), the kitchen needs 90 minutes: promised 15:30.
      const today = await place({ requested_date: '2026-06-10', requested_time: '15:00' });
      const late = await team.manager.patch(`/api/tenant/orders/${today.id}/status`, { status: 'accepted', ready_in_minutes: 90 });
      expect(late.json().data.promised_at).toBe(minutes(NOON, 90).toISOString());
    });

    it('the history says who made each step and why', async () => {
      const placed = await place();
      await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'accepted', ready_in_minutes: 15 });
      await team.admin.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'cancelled', reason: 'Oven broke' });
      const order = (await team.staff.get(`/api/tenant/orders/${placed.id}`)).json().data as TOrder;
      const [owner] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, team.r.ownerId));
      const ownerName = owner!.name;
      expect(order.history.map(({ status, by, user_name, reason }) => ({ status, by, user_name, reason }))).toEqual([
        { status: 'pending', by: 'guest', user_name: null, reason: null },
        { status: 'accepted', by: 'staff', user_name: 'manager', reason: null },
        { status: 'cancelled', by: 'staff', user_name: ownerName, reason: 'Oven broke' },
      ]);
      const [stored] = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, placed.id), eq(orderStatusHistory.status, 'cancelled')));
      expect(stored).toMatchObject({ reason: 'Oven broke', userId: team.r.ownerId });
    });
  });

  describe('list filters and sorts', () => {
    let delivery: number;
    let big: number;
    beforeAll(async () => {
      delivery = (await place({ type: 'delivery', delivery_address: 'Main St 1', items: [{ product_id: pizza, quantity: 3 }] })).number;
      big = (await place({ items: [{ product_id: pizza, quantity: 9 }] })).number;
    });

    it('filters by type and source, and sorts by total and age', async () => {
      const deliveries = await list({ type: 'delivery' });
      expect(deliveries.map((o) => o.number)).toContain(delivery);
      expect(deliveries.every((o) => o.type === 'delivery')).toBe(true);
      expect((await list({ type: 'pickup' })).map((o) => o.number)).not.toContain(delivery);
      expect((await list({ source: 'phone' })).every((o) => o.source === 'phone')).toBe(true);
      expect((await list({ source: 'online' })).length).toBeGreaterThan(2);

      const byTotal = await list({ sort: 'total_desc' });
      expect(byTotal[0]!.number).toBe(big);
      const totals = byTotal.map((o) => o.total_cents);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      const ascending = (await list({ sort: 'total_asc' })).map((o) => o.total_cents);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const oldest = (await list({ sort: 'oldest' })).map((o) => o.number);
      const newest = (await list({ sort: 'newest' })).map((o) => o.number);
      expect(oldest).toEqual([...newest].reverse());
    });

    it('from/to are whole days on the restaurant’s clock', async () => {
      // An order placed at 23:30 UTC the day before is already "today" (01:30) in Berlin.
      const { id, number } = await place();
      await t.db.update(orders).set({ createdAt: new Date('2026-06-09T23:30:00Z') }).where(eq(orders.id, id));
      expect((await list({ from: '2026-06-10', to: '2026-06-10' })).map((o) => o.number)).toEqual([number]);
      expect(await list({ from: '2026-06-09', to: '2026-06-09' })).toEqual([]);
      expect((await list({ to: '2026-06-10' })).map((o) => o.number)).toContain(number);
      await setSettings({ timeZone: 'UTC' });
      expect((await list({ from: '2026-06-09', to: '2026-06-09' })).map((o) => o.number)).toEqual([number]);
      await setSettings({ timeZone: 'Europe/Berlin' });
    });

    it('refuses bad dates and a range that ends before it starts; search still finds e-mails', async () => {
      const bad = await team.admin.get('/api/tenant/orders', { query: { from: '10.06.2026' } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.from).toEqual([msg('orders.validation.date')]);
      const backwards = await team.admin.get('/api/tenant/orders', { query: { from: '2026-06-10', to: '2026-06-01' } });
      expect(backwards.json().errors.to).toEqual([msg('orders.validation.to_before_from')]);
      expect((await team.admin.get('/api/tenant/orders', { query: { sort: 'cheapest' } })).statusCode).toBe(422);
      expect((await list({ search: 'ada@example' })).length).toBeGreaterThan(0);
      // The first and the last day a date can name are days like any other.
      for (const query of [{ from: '0001-01-01' }, { to: '9999-12-31' }, { from: '0001-01-01', to: '9999-12-31' }] as Record<string, string>[]) {
        const edge = await team.admin.get('/api/tenant/orders', { query });
        expect(edge.statusCode, `${JSON.stringify(query)}: ${edge.body}`).toBe(200);
      }
    });
  });

  describe('phone orders', () => {
    const phone = (overrides: Partial<TPhoneOrderRequest> = {}): TPhoneOrderRequest => ({
      items: [{ product_id: salad, quantity: 2 }],
      customer_name: 'Phil Phone',
      customer_phone: '+49 30 999',
      type: 'pickup',
      ...overrides,
    });

    it('staff may not enter one; a manager does, priced and stocked like checkout, without any mail when there is no e-mail', async () => {
      expect((await team.staff.post('/api/tenant/orders/phone', phone())).statusCode).toBe(403);
      expect((await guest().post('/api/tenant/orders/phone', phone())).statusCode).toBe(401);

      const quote = (await guest().post('/api/tenant/orders/quote', { items: phone().items, type: 'pickup' })).json().data;
      const before = await stockOf(salad);
      const mailsBefore = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).length;
      const notesBefore = (await t.db.select().from(notifications).where(eq(notifications.tenantId, team.r.tenantId))).length;
      // Prices sent by the client are ignored.
      const res = await team.manager.post('/api/tenant/orders/phone', { ...phone(), total_cents: 1, customer_email: '' });
      expect(res.statusCode, res.body).toBe(201);
      const { order, tracking_url } = res.json().data as { order: TOrder; tracking_url: string };
      expect(res.json().message).toBe(msg('orders.messages.phone_placed', { number: order.number }));
      expect(order).toMatchObject({ source: 'phone', created_by_name: 'manager', customer_email: '', status: 'pending', total_cents: quote.total_cents, subtotal_cents: 1260 });
      expect(order.history).toEqual([expect.objectContaining({ status: 'pending', by: 'staff', user_name: 'manager' })]);
      expect(tracking_url).toMatch(new RegExp(`^http://${team.r.host}/order/`));
      expect(await stockOf(salad)).toBe(before - 2);
      expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).length).toBe(mailsBefore);
      expect((await t.db.select().from(notifications).where(eq(notifications.tenantId, team.r.tenantId))).length).toBe(notesBefore);

      // Accepting it later mails nobody either.
      await team.manager.patch(`/api/tenant/orders/${order.id}/status`, { status: 'accepted', ready_in_minutes: 30 });
      expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).length).toBe(mailsBefore);
      expect((await list({ source: 'phone' })).map((o) => o.number)).toContain(order.number);
    });

    it('with an e-mail the guest gets the usual mail; stock, hours and delivery rules apply; the key replays', async () => {
      const withMail = await team.admin.post('/api/tenant/orders/phone', phone({ customer_email: 'Caller@Example.com' }));
      expect(withMail.statusCode, withMail.body).toBe(201);
      const guestMails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, team.r.tenantId), eq(mailOutbox.toAddress, 'caller@example.com')));
      expect(guestMails).toHaveLength(1);

      const tooMany = await team.manager.post('/api/tenant/orders/phone', phone({ items: [{ product_id: salad, quantity: 99 }] }));
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().errors.items[0]).toMatch(/Salad/);
      const noAddress = await team.manager.post('/api/tenant/orders/phone', phone({ type: 'delivery' }));
      expect(noAddress.json().errors.delivery_address).toEqual([msg('validation.required')]);
      const past = await team.manager.post('/api/tenant/orders/phone', phone({ requested_time: '08:00' }));
      expect(past.json().errors.requested_time).toEqual([msg('orders.validation.time_outside_hours', { open: '09:00', close: '22:00' })]);
      const badMail = await team.manager.post('/api/tenant/orders/phone', phone({ customer_email: 'nope' }));
      expect(badMail.json().errors.customer_email).toEqual([msg('validation.email')]);

      const headers = { 'idempotency-key': 'phone-order-key-1' };
      const first = await team.manager.post('/api/tenant/orders/phone', phone({ customer_name: 'Repeat Caller' }), { headers });
      const again = await team.manager.post('/api/tenant/orders/phone', phone({ customer_name: 'Repeat Caller' }), { headers });
      expect(again.json()).toEqual(first.json());
      expect((await list({ search: 'Repeat Caller' })).length).toBe(1);

      // Online ordering switched off stops the storefront only: ordering-rules.test.ts takes a phone order then.
    });

    it('another restaurant’s dish is refused', async () => {
      const cat = await t.addCategory(team.other.tenantId, { name: 'Theirs' });
      const theirs = await t.addProduct(team.other.tenantId, cat, { name: 'Their dish', priceCents: 100 });
      const res = await team.manager.post('/api/tenant/orders/phone', phone({ items: [{ product_id: theirs, quantity: 1 }] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.items).toEqual([msg('orders.validation.item_unavailable')]);
    });
  });

  describe('kitchen ticket data and marketing consent', () => {
    it('one order answers everything the ticket prints', async () => {
      const placed = await place({ note: 'Extra crispy', requested_time: '19:30', marketing_consent: true, items: [{ product_id: pizza, quantity: 2 }, { product_id: salad, quantity: 1 }] });
      // Wanted at 19:30: ten minutes from now would be sooner than wanted, so the promise is the wanted time.
      await team.manager.patch(`/api/tenant/orders/${placed.id}/status`, { status: 'accepted', ready_in_minutes: 10 });
      const order = (await team.staff.get(`/api/tenant/orders/${placed.id}`)).json().data as TOrder;
      expect(order).toMatchObject({
        number: placed.number,
        type: 'pickup',
        customer_name: 'Ada Lovelace',
        customer_phone: '+49 30 555000',
        note: 'Extra crispy',
        // 19:30 in Berlin.
        requested_time: '2026-06-10T17:30:00.000Z',
        promised_at: '2026-06-10T17:30:00.000Z',
        time_zone: 'Europe/Berlin',
        marketing_consent: true,
        source: 'online',
      });
      expect(order.lines.map((l) => [l.quantity, l.name])).toEqual([
        [2, 'Pizza'],
        [1, 'Salad'],
      ]);
      expect(placed.row.marketingConsent).toBe(true);
      expect((await place()).row.marketingConsent).toBe(false);
    });
  });
});

describeEachDb('order escalation', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let team: TestTeam;
  let dish: string;

  const setSettings = (values: Partial<typeof tenantSettings.$inferInsert>) => t.db.update(tenantSettings).set(values).where(eq(tenantSettings.tenantId, team.r.tenantId));
  const place = async (email = 'waiting@example.com') => {
    const res = await client(t.app, team.r.host).post('/api/tenant/orders', {
      items: [{ product_id: dish, quantity: 2 }],
      customer_name: 'Wendy Wait',
      customer_phone: '+49 30 777',
      customer_email: email,
      type: 'pickup',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, res.json().data.order.number)));
    return row!;
  };
  const escalation = (at: Date) => createOrderEscalation({ db: t.db, now: () => at, originOf: (slug) => `http://${slug}.localhost` });
  const waitingMails = async () =>
    (await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, team.r.tenantId), eq(mailOutbox.toAddress, team.r.email)))).filter(
      (m) => (m.payload as { subjectKey?: string }).subjectKey === 'orders.mail.waiting_subject',
    );
  const notes = async (kindName: string) => (await t.db.select().from(notifications).where(and(eq(notifications.tenantId, team.r.tenantId), eq(notifications.kind, kindName))));

  beforeAll(async () => {
    team = await t.registerTeam('esc');
    const cat = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    dish = await t.addProduct(team.r.tenantId, cat, { name: 'Lasagne', priceCents: 1100 });
    await t.db.update(products).set({ trackStock: true, stockQuantity: 100 }).where(eq(products.id, dish));
  });

  it('e-mails the restaurant once when an order waits longer than the alert setting', async () => {
    await setSettings({ alertMailAfterMinutes: 5, autoPauseAfterMinutes: null });
    const order = await place();
    expect(await escalation(minutes(order.createdAt, 4)).runOnce()).toMatchObject({ alerted: 0 });
    expect(await waitingMails()).toHaveLength(0);

    const at = minutes(order.createdAt, 6);
    await escalation(at).runOnce();
    const mails = await waitingMails();
    expect(mails).toHaveLength(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.escalatedAt?.toISOString()).toBe(at.toISOString());
    expect(row!.status).toBe('pending');
    expect((await notes('order_waiting')).map((n) => n.data)).toEqual([{ number: order.number, minutes: 6 }]);

    // Later passes leave it alone.
    await escalation(minutes(order.createdAt, 30)).runOnce();
    expect(await waitingMails()).toHaveLength(1);
    await t.app.outbox.drain();
    // In the restaurant's language (it is in Germany), whatever the guest's.
    const sent = t.mailer.sent.find((m) => m.to === team.r.email && m.subject === translate('de', 'orders.mail.waiting_subject', { number: order.number }));
    expect(sent?.text).toContain(`/dashboard/orders?order_id=${order.id}`);
    // Accepted orders are never escalated.
    await team.manager.patch(`/api/tenant/orders/${order.id}/status`, { status: 'accepted', ready_in_minutes: 15 });
  });

  it('after the auto-pause time, pauses online ordering and rejects the order, telling the guest why', async () => {
    await setSettings({ alertMailAfterMinutes: 5, autoPauseAfterMinutes: 10, isOpen: true, autoPausedAt: null });
    const order = await place('late@example.com');
    const stockAfterOrder = (await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, dish)))[0]!.q;
    const at = minutes(order.createdAt, 11);
    expect(await escalation(at).runOnce()).toMatchObject({ paused: 1 });

    const [settings] = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, team.r.tenantId));
    expect(settings).toMatchObject({ isOpen: false });
    expect(settings!.autoPausedAt?.toISOString()).toBe(at.toISOString());
    const reason = msg('orders.escalation.rejected_reason');
    const staffView = (await team.staff.get(`/api/tenant/orders/${order.id}`)).json().data as TOrder;
    expect(staffView).toMatchObject({ status: 'rejected', cancelled_reason: reason });
    expect(staffView.history.at(-1)).toMatchObject({ status: 'rejected', by: 'system', user_name: null, reason });
    expect((await t.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, dish)))[0]!.q).toBe(stockAfterOrder + 2);
    expect((await notes('ordering_paused')).map((n) => n.data)).toEqual([{ number: order.number }]);
    await t.app.outbox.drain();
    expect(t.mailer.sent.some((m) => m.to === 'late@example.com' && m.text.includes(reason))).toBe(true);
    // Rejected before it could also be reported as "still waiting".
    expect((await notes('order_waiting')).some((n) => n.orderId === order.id)).toBe(false);

    // Guests cannot order; the dashboard shows why; staff may not resume, a manager may.
    expect((await client(t.app, team.r.host).get('/api/tenant/orders/options')).json().data.accepting).toBe(false);
    expect((await team.staff.get('/api/tenant/orders/ordering')).json().data).toEqual({ is_open: false, auto_paused_at: at.toISOString(), time_zone: 'UTC', prep_minutes: 20 });
    expect((await team.staff.post('/api/tenant/orders/ordering/resume')).statusCode).toBe(403);
    const resumed = await team.manager.post('/api/tenant/orders/ordering/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ data: { is_open: true, auto_paused_at: null }, message: msg('orders.messages.resumed') });
    expect((await team.otherAdmin.get('/api/tenant/orders/ordering')).json().data.auto_paused_at).toBeNull();
    // Accepting suggests the kitchen's own preparation time, within what a promise may be (5 to 240 minutes).
    for (const [lead, suggested] of [[45, 45], [0, 5], [600, 240]] as const) {
      await t.db.insert(orderingSettings).values({ tenantId: team.other.tenantId, leadTimeMinutes: lead }).onConflictDoUpdate({ target: orderingSettings.tenantId, set: { leadTimeMinutes: lead } });
      expect((await team.otherAdmin.get('/api/tenant/orders/ordering')).json().data.prep_minutes).toBe(suggested);
    }
    expect((await client(t.app, team.r.host).get('/api/tenant/orders/options')).json().data.accepting).toBe(true);

    // "Resume" opens ordering whatever paused it: a "kitchen busy" pause ends too (guests were still refused).
    expect((await team.manager.post('/api/tenant/orders/pause', { minutes: 30 })).json().data.paused_until).not.toBeNull();
    expect((await client(t.app, team.r.host).get('/api/tenant/orders/options')).json().data).toMatchObject({ open_now: false, paused_until: expect.any(String) });
    expect((await team.manager.post('/api/tenant/orders/ordering/resume')).statusCode).toBe(200);
    expect((await team.staff.get('/api/tenant/orders/pause')).json().data.paused_until).toBeNull();
    expect((await client(t.app, team.r.host).get('/api/tenant/orders/options')).json().data).toMatchObject({ accepting: true, paused_until: null });
  });

  it('leaves a phone order alone however long it waits: staff entered it with the guest on the line', async () => {
    await setSettings({ alertMailAfterMinutes: 5, autoPauseAfterMinutes: 10, isOpen: true, autoPausedAt: null });
    const res = await team.manager.post('/api/tenant/orders/phone', {
      items: [{ product_id: dish, quantity: 1 }],
      type: 'pickup',
      customer_name: 'Phoebe Phone',
      customer_phone: '+49 30 999888',
      customer_email: 'phoebe@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const phoned = res.json().data.order as TOrder;
    const mailsBefore = await waitingMails();
    expect(await escalation(minutes(new Date(phoned.created_at), 60)).runOnce()).toMatchObject({ alerted: 0, paused: 0 });
    expect((await team.manager.get(`/api/tenant/orders/${phoned.id}`)).json().data.status).toBe('pending');
    expect(await waitingMails()).toEqual(mailsBefore);
    const [settings] = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, team.r.tenantId));
    expect(settings).toMatchObject({ isOpen: true, autoPausedAt: null });
    await team.manager.patch(`/api/tenant/orders/${phoned.id}/status`, { status: 'accepted', ready_in_minutes: 15 });
  });

  it('two workers at once (two processes) e-mail each waiting order exactly once', async () => {
    await setSettings({ alertMailAfterMinutes: 5, autoPauseAfterMinutes: null, isOpen: true });
    const placed = [];
    for (let i = 0; i < 25; i++) placed.push(await place(`crowd${i}@example.com`));
    const before = (await waitingMails()).length;
    const at = minutes(placed.at(-1)!.createdAt, 10);
    const [a, b] = await Promise.all([escalation(at).runOnce(), escalation(at).runOnce()]);
    expect(a.alerted + b.alerted).toBe(25);
    expect((await waitingMails()).length - before).toBe(25);
    const ids = new Set(placed.map((p) => p.id));
    expect((await notes('order_waiting')).filter((n) => ids.has(n.orderId!))).toHaveLength(25);
  });
});

describeEachDb('escalation settings', (kind) => {
  const t = useTestApp(kind);
  it('are saved with the restaurant settings, validated, and kept when absent', async () => {
    const team = await t.registerTeam('escset');
    const current = (await team.admin.get('/api/tenant/admin/settings')).json().data;
    expect(current).toMatchObject({ alert_mail_after_minutes: 5, auto_pause_after_minutes: null });
    const put = (values: Record<string, unknown>) => team.admin.put('/api/tenant/admin/settings', { ...current, ...values });
    for (const [field, value] of [
      ['alert_mail_after_minutes', 0],
      ['alert_mail_after_minutes', 121],
      ['auto_pause_after_minutes', 4],
      ['auto_pause_after_minutes', 241],
    ] as const) {
      const res = await put({ [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await put({ alert_mail_after_minutes: 3, auto_pause_after_minutes: 15 })).json().data).toMatchObject({ alert_mail_after_minutes: 3, auto_pause_after_minutes: 15 });
    const { alert_mail_after_minutes: _a, auto_pause_after_minutes: _b, ...older } = current;
    expect((await team.admin.put('/api/tenant/admin/settings', older)).json().data).toMatchObject({ alert_mail_after_minutes: 3, auto_pause_after_minutes: 15 });
    expect((await put({ auto_pause_after_minutes: null })).json().data.auto_pause_after_minutes).toBeNull();
    // Opening in the settings ends an automatic pause.
    await t.db.update(tenantSettings).set({ isOpen: false, autoPausedAt: new Date() }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    await put({ is_open: true });
    const [row] = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, team.r.tenantId));
    expect(row).toMatchObject({ isOpen: true, autoPausedAt: null });
    expect((await team.manager.put('/api/tenant/admin/settings', current)).statusCode).toBe(403);
  });
});
