import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ERASED_NAME } from '@tavolo/contracts/customers';
import {
  contactRequests,
  customerErasures,
  idempotencyKeys,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  orderItems,
  orders,
  quoteRequests,
  requestReplies,
  reservations,
  stockCheckRequests,
} from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { client, describeEachDb, useTestApp, type TestTeam } from '../../test/harness.ts';
import { insertOrder } from '../../test/order-fixture.ts';
import { customerKey } from './customers.service.ts';

const URL_ = '/api/tenant/customers';
const ANNA = 'anna@example.com';
const BEN = 'ben@example.com';

describeEachDb('customers', (kind) => {
  const t = useTestApp(kind, { now: () => new Date('2026-06-10T12:00:00Z') });
  let team: TestTeam;
  let soup: string;

  /** Everything a restaurant can hold about one guest, in every table the erasure must reach. */
  const addFootprint = async (tenantId: string, email: string, name: string) => {
    const at = new Date('2026-05-20T10:00:00Z');
    await t.db.insert(contactRequests).values({ tenantId, name, email, phone: '+49 1', subject: `${name} asks`, message: `Hello from ${name}`, createdAt: at });
    await t.db
      .insert(stockCheckRequests)
      .values({ tenantId, fullName: name, phoneNumber: '+49 2', email, productId: soup, productName: 'Soup', quantity: 3, availableAtRequest: 10, createdAt: at });
    await t.db.insert(quoteRequests).values({ tenantId, name, email, phone: '+49 3', eventDate: '2026-07-01', guests: 20, message: `${name}'s wedding`, createdAt: at });
    const [contact] = await t.db.select({ id: contactRequests.id }).from(contactRequests).where(and(eq(contactRequests.tenantId, tenantId), eq(contactRequests.email, email)));
    await t.db.insert(requestReplies).values({ tenantId, kind: 'contact', requestId: contact!.id, userName: 'Owner', toAddress: email, subject: 'Re: hello', body: `Dear ${name}` });
    await t.db.insert(newsletterSubscribers).values({ tenantId, email, status: 'confirmed', unsubscribeTokenHash: hashToken(`${tenantId}${email}`), confirmedAt: at });
    await t.db.insert(mailOutbox).values([
      { tenantId, template: 'action', toAddress: email, language: 'en', payload: { site: 'X', name, subjectKey: 'orders.mail.placed_subject', subjectParams: { number: 1 } }, status: 'pending' },
      { tenantId, template: 'action', toAddress: email, language: 'en', payload: { site: 'X', name, subjectKey: 'orders.mail.placed_subject', subjectParams: { number: 1 } }, status: 'sent', sentAt: at },
    ]);
  };

  beforeAll(async () => {
    team = await t.registerTeam('cust');
    const mains = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    soup = await t.addProduct(team.r.tenantId, mains, { name: 'Soup', priceCents: 800 });
    const line = (cents: number, quantity = 1) => [{ productId: soup, name: 'Soup', cents, quantity }];
    const id = team.r.tenantId;
    // Anna: two orders (one under an upper-case address, one rejected), a reservation; the latest record names her.
    await insertOrder(t.db, id, { email: ANNA, name: 'Anna Old', phone: '+49 111', at: '2026-05-01T12:00:00Z', lines: line(1000, 2), marketing: false });
    await insertOrder(t.db, id, { email: 'Anna@Example.com', name: 'Anna Schmidt', phone: '+49 222', at: '2026-06-01T12:00:00Z', lines: line(1500), marketing: true, address: 'Hauptstr. 1', note: 'ring twice' });
    await insertOrder(t.db, id, { email: ANNA, name: 'Anna Schmidt', at: '2026-05-15T12:00:00Z', lines: line(9900), status: 'rejected' });
    await t.db.insert(reservations).values({ tenantId: id, fullName: 'Anna S.', phoneNumber: '+49 333', email: ANNA, date: '2026-06-20', time: '19:00', guests: 2, message: 'window', createdAt: new Date('2026-05-10T12:00:00Z') });
    await addFootprint(id, ANNA, 'Anna Schmidt');
    // Ben: one big order, in progress (counts towards spent); Cleo: only a reservation.
    await insertOrder(t.db, id, { email: BEN, name: 'Ben Bauer', at: '2026-04-01T12:00:00Z', lines: line(5000), status: 'preparing' });
    await t.db.insert(reservations).values({ tenantId: id, fullName: 'Cleo Cook', phoneNumber: '+49 444', email: 'cleo@example.com', date: '2026-06-12', time: '20:00', guests: 4, message: '-', createdAt: new Date('2026-06-05T12:00:00Z') });
    // The other restaurant has Anna too (same e-mail, other figures): never mixed in.
    const otherSoup = await t.addProduct(team.other.tenantId, await t.addCategory(team.other.tenantId, { name: 'Other' }), { name: 'Other Soup', priceCents: 100 });
    await insertOrder(t.db, team.other.tenantId, { email: ANNA, name: 'Anna Elsewhere', at: '2026-06-09T12:00:00Z', lines: [{ productId: otherSoup, name: 'Other Soup', cents: 7700 }] });
    await addFootprint(team.other.tenantId, ANNA, 'Anna Elsewhere');
  });

  it('merges orders and reservations by e-mail with SQL figures, per restaurant', async () => {
    const res = await team.manager.get(URL_);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(page.data.map((c: { email: string }) => c.email)).toEqual(['cleo@example.com', ANNA, BEN]);
    expect(page.data[1]).toEqual({
      key: customerKey(ANNA),
      name: 'Anna Schmidt',
      email: ANNA,
      phone: '+49 222',
      order_count: 3,
      total_spent_cents: 3500,
      reservation_count: 1,
      first_visit: '2026-05-01T12:00:00.000Z',
      last_visit: '2026-06-01T12:00:00.000Z',
      newsletter: true,
      marketing: true,
      currency_symbol: '$',
    });
    expect(page.data[2]).toMatchObject({ order_count: 1, total_spent_cents: 5000, reservation_count: 0, newsletter: false, marketing: false });
    expect(page.data[0]).toMatchObject({ name: 'Cleo Cook', order_count: 0, total_spent_cents: 0, reservation_count: 1 });

    const other = (await team.otherAdmin.get(URL_)).json().data;
    expect(other.data).toEqual([expect.objectContaining({ email: ANNA, name: 'Anna Elsewhere', total_spent_cents: 7700, order_count: 1, reservation_count: 0 })]);
  });

  it('searches, sorts and pages on the server', async () => {
    const emails = async (query: Record<string, string | number>) => {
      const res = await team.admin.get(URL_, { query });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect((await emails({ sort: 'total_spent' })).data.map((c: { email: string }) => c.email)).toEqual([BEN, ANNA, 'cleo@example.com']);
    expect((await emails({ sort: 'orders' })).data.map((c: { email: string }) => c.email)).toEqual([ANNA, BEN, 'cleo@example.com']);
    // Any of the person's records matches: an old name, a phone, part of the e-mail.
    expect((await emails({ search: 'anna old' })).data.map((c: { email: string }) => c.email)).toEqual([ANNA]);
    expect((await emails({ search: '+49 444' })).data.map((c: { email: string }) => c.email)).toEqual(['cleo@example.com']);
    expect((await emails({ search: '100%' })).total).toBe(0);
    const second = await emails({ sort: 'orders', per_page: 2, page: 2 });
    expect(second).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(second.data.map((c: { email: string }) => c.email)).toEqual(['cleo@example.com']);
    expect((await team.admin.get(URL_, { query: { sort: 'name' } })).statusCode).toBe(422);
  });

  it("shows one customer's orders and reservations; other restaurants' and unknown keys are 404", async () => {
    const res = await team.manager.get(`${URL_}/${customerKey(ANNA)}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.orders.map((o: { status: string; total_cents: number }) => [o.status, o.total_cents])).toEqual([
      ['completed', 1500],
      ['rejected', 9900],
      ['completed', 2000],
    ]);
    expect(detail.reservations).toEqual([expect.objectContaining({ date: '2026-06-20', time: '19:00', guests: 2 })]);
    expect((await team.otherAdmin.get(`${URL_}/${customerKey(BEN)}`)).statusCode).toBe(404);
    expect((await team.admin.get(`${URL_}/${customerKey('nobody@example.com')}`)).statusCode).toBe(404);
    expect((await team.admin.get(`${URL_}/${Buffer.from('not an email').toString('base64url')}`)).statusCode).toBe(404);
    expect((await team.admin.get(`${URL_}/bad%20key`)).statusCode).toBe(422);
  });

  it('exports everything held about the customer and nothing of another restaurant', async () => {
    const res = await team.manager.get(`${URL_}/${customerKey(ANNA)}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customer-.*\.json"/);
    const data = res.json().data;
    expect(data.customer.email).toBe(ANNA);
    expect(data.orders).toHaveLength(3);
    expect(data.orders[0]).toMatchObject({ customer_name: 'Anna Schmidt', delivery_address: 'Hauptstr. 1', note: 'ring twice', lines: [expect.objectContaining({ name: 'Soup', quantity: 1 })] });
    expect(data.orders[0]).not.toHaveProperty('tracking_token_hash');
    expect(data.orders[0]).not.toHaveProperty('tenant_id');
    expect(data.reservations).toHaveLength(1);
    expect(data.contact_requests).toEqual([expect.objectContaining({ message: 'Hello from Anna Schmidt' })]);
    expect(data.stock_check_requests).toHaveLength(1);
    expect(data.quote_requests).toEqual([expect.objectContaining({ message: "Anna Schmidt's wedding" })]);
    expect(data.replies).toEqual([expect.objectContaining({ body: 'Dear Anna Schmidt' })]);
    expect(data.newsletter).toMatchObject({ status: 'confirmed' });
    expect(data.mails).toHaveLength(2);
    expect(res.body).not.toContain('Elsewhere');
    expect(res.body).not.toContain(team.other.tenantId);
  });

  it('staff may not see customers; a manager reads but may not erase', async () => {
    expect((await team.staff.get(URL_)).statusCode).toBe(403);
    expect((await team.staff.get(`${URL_}/${customerKey(ANNA)}/export`)).statusCode).toBe(403);
    expect((await team.manager.post(`${URL_}/${customerKey(ANNA)}/erase`, { confirm_email: ANNA })).statusCode).toBe(403);
  });

  it('erase needs the e-mail typed again', async () => {
    const res = await team.admin.post(`${URL_}/${customerKey(BEN)}/erase`, { confirm_email: ANNA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.confirm_email).toEqual(["Type the customer's e-mail address exactly to confirm."]);
    expect((await team.admin.get(`${URL_}/${customerKey(BEN)}`)).statusCode).toBe(200);
  });

  it('erase is all or nothing', async () => {
    // A trigger that fails the erasure's later statement (the quote requests) after the orders were already updated.
    await t.db.execute(sql.raw(`create function fail_quote_erasure() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`));
    await t.db.execute(sql.raw(`create trigger fail_quote_erasure before update on quote_requests for each row execute function fail_quote_erasure()`));
    try {
      const res = await team.admin.post(`${URL_}/${customerKey(ANNA)}/erase`, { confirm_email: ANNA });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_quote_erasure on quote_requests'));
      await t.db.execute(sql.raw('drop function fail_quote_erasure'));
    }
    const annas = await t.db.select().from(orders).where(and(eq(orders.tenantId, team.r.tenantId), sql`lower(${orders.customerEmail}) = ${ANNA}`));
    expect(annas).toHaveLength(3);
    expect(annas.every((o) => o.anonymizedAt === null)).toBe(true);
    expect(await t.db.select().from(customerErasures)).toEqual([]);
    expect((await team.admin.get(`${URL_}/${customerKey(ANNA)}`)).statusCode).toBe(200);
  });

  it('erase anonymises every record, keeps the figures and logs only a hash', async () => {
    const before = await t.db.select({ id: orders.id, total: orders.totalCents, status: orders.status }).from(orders).where(eq(orders.tenantId, team.r.tenantId)).orderBy(orders.id);
    const lineCount = async () => (await t.db.select().from(orderItems).where(eq(orderItems.tenantId, team.r.tenantId))).length;
    const lines = await lineCount();
    const otherBefore = await t.db.select().from(orders).where(eq(orders.tenantId, team.other.tenantId));

    const res = await team.admin.post(`${URL_}/${customerKey(ANNA)}/erase`, { confirm_email: ' Anna@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      orders: 3,
      reservations: 1,
      contact_requests: 1,
      stock_check_requests: 1,
      quote_requests: 1,
      request_replies: 1,
      newsletter: 1,
      mails_deleted: 1,
      mails_redacted: 1,
      notifications: 0,
      order_replays: 0,
    });

    const tid = team.r.tenantId;
    const erased = await t.db.select().from(orders).where(and(eq(orders.tenantId, tid), sql`${orders.anonymizedAt} is not null`));
    expect(erased).toHaveLength(3);
    for (const o of erased) expect(o).toMatchObject({ customerName: ERASED_NAME, customerEmail: '', customerPhone: '', deliveryAddress: null, note: null, marketingConsent: false });
    expect(await t.db.select({ id: orders.id, total: orders.totalCents, status: orders.status }).from(orders).where(eq(orders.tenantId, tid)).orderBy(orders.id)).toEqual(before);
    expect(await lineCount()).toBe(lines);

    // No table of this restaurant mentions her any more (the erasure log has only the hash).
    const dump = JSON.stringify(
      await Promise.all([reservations, contactRequests, stockCheckRequests, quoteRequests, requestReplies, newsletterSubscribers, mailOutbox, orders].map((table) => t.db.select().from(table).where(eq(table.tenantId, tid)))),
    );
    expect(dump.toLowerCase()).not.toContain('anna');
    const [log] = await t.db.select().from(customerErasures).where(eq(customerErasures.tenantId, tid));
    expect(log).toMatchObject({ emailHash: hashToken(ANNA), userId: team.r.ownerId, counts: expect.objectContaining({ orders: 3 }) });

    // Gone from the list and the detail; Ben and the other restaurant untouched.
    const list = (await team.admin.get(URL_)).json().data;
    expect(list.data.map((c: { email: string }) => c.email)).toEqual(['cleo@example.com', BEN]);
    expect((await team.admin.get(`${URL_}/${customerKey(ANNA)}`)).statusCode).toBe(404);
    expect(await t.db.select().from(orders).where(eq(orders.tenantId, team.other.tenantId))).toEqual(otherBefore);
    expect((await team.otherAdmin.get(`${URL_}/${customerKey(ANNA)}`)).statusCode).toBe(200);
  });
  it('erase also reaches the copies the team keeps: the bell, the alert mails to the restaurant and a checkout kept for replays', async () => {
    // A restaurant of its own: the fixtures above wrote orders without taking their numbers.
    const own = await t.registerTeam('erase');
    const tid = own.r.tenantId;
    const soup = await t.addProduct(tid, await t.addCategory(tid, { name: 'Soups' }), { name: 'Soup', priceCents: 800 });
    const dora = { name: 'Dora Datenschutz', email: 'dora@example.com', phone: '+49 30 7654321' };
    const guest = () => client(t.app, own.r.host);
    const placed = await guest().post(
      '/api/tenant/orders',
      { items: [{ product_id: soup, quantity: 1 }], customer_name: dora.name, customer_phone: dora.phone, customer_email: dora.email, type: 'pickup' },
      { headers: { 'idempotency-key': 'dora-checkout-1' } },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const booked = await guest().post('/api/tenant/reservation', { full_name: dora.name, phone_number: dora.phone, email: dora.email, date: '2026-06-17', time: '19:30', guests: 2, message: 'Quiet table' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await guest().post('/api/tenant/contact', { name: dora.name, email: dora.email, subject: 'Hello', message: 'A question' })).statusCode).toBe(201);
    expect((await guest().post('/api/tenant/stock-check', { full_name: dora.name, phone_number: dora.phone, email: dora.email, product_id: soup, quantity: 2 })).statusCode).toBe(201);
    const quote = await guest().post('/api/tenant/quote-request', { name: dora.name, email: dora.email, phone: dora.phone, event_date: '2026-07-01', guests: 30, message: 'A party' });
    expect(quote.statusCode, quote.body).toBe(201);
    const footprint = async () =>
      JSON.stringify(await Promise.all([notifications, mailOutbox, idempotencyKeys].map((table) => t.db.select().from(table).where(eq(table.tenantId, tid))))).toLowerCase();
    // Before: the team's copies name her (five notifications, five alert mails, the kept checkout).
    expect((await footprint()).split('dora').length - 1).toBeGreaterThan(10);

    const res = await own.admin.post(`${URL_}/${customerKey(dora.email)}/erase`, { confirm_email: dora.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ orders: 1, reservations: 1, contact_requests: 1, stock_check_requests: 1, quote_requests: 1, notifications: 5, order_replays: 1 });
    const after = await footprint();
    for (const trace of ['dora', '7654321']) expect(after).not.toContain(trace);
    // The bell still lists what happened, under the marker instead of her name.
    const bell = await own.admin.get('/api/tenant/notifications');
    const messages = bell.json().data.data.map((n: { message: string }) => n.message).join('\n');
    expect(messages).toContain(ERASED_NAME);
    expect(messages.toLowerCase()).not.toContain('dora');
  });
});
