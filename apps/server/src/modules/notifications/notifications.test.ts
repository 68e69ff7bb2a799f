import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import type { TLiveEvent } from '@tavolo/contracts/live';
import type { TNotificationList } from '@tavolo/contracts/notifications';
import { notifications, orders } from '../../db/schema/index.ts';
import { client, describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';
import { openSse, pause, type SseEvent } from '../../test/sse.ts';
import { hiddenFor, renderNotification } from './notifications.service.ts';

// A Wednesday, 12:00 UTC: inside the default opening hours, so the checkout takes orders.
const NOON = new Date('2026-06-10T12:00:00Z');

describe('renderNotification', () => {
  it('renders each kind in the reader’s language from the stored data', () => {
    expect(renderNotification('en', { kind: 'order', data: { number: 1004, name: 'Ada', total: '$12.50' } })).toEqual({ title: 'New order #1004', message: 'Ada · $12.50' });
    expect(renderNotification('de', { kind: 'order', data: { number: 1004, name: 'Ada', total: '$12.50' } }).title).toBe('Neue Bestellung #1004');
    // An order's total is kept in cents and written as each reader writes money.
    expect(renderNotification('de', { kind: 'order', data: { number: 1004, name: 'Ada', total_cents: 1250, currency: '€' } }).message).toBe('Ada · 12,50 €');
    expect(renderNotification('en', { kind: 'order', data: { number: 1004, name: 'Ada', total_cents: 1250, currency: '€' } }).message).toBe('Ada · €12.50');
    expect(renderNotification('en', { kind: 'reservation', data: { name: 'Bo', date: '2026-06-12', time: '19:30', guests: 1 } }).message).toBe('Bo · 1 guest · Jun 12, 2026, 19:30');
    expect(renderNotification('de', { kind: 'reservation', data: { name: 'Bo', date: '2026-06-12', time: '19:30', guests: 4 } }).message).toBe('Bo · 4 Gäste · 12.06.2026, 19:30');
    expect(renderNotification('en', { kind: 'stock_check', data: { name: 'Cy', product: 'Lasagne', quantity: 3, available: 0 } })).toEqual({
      title: 'Stock check: Lasagne',
      message: 'Cy asks for 3 × Lasagne (not available)',
    });
    expect(renderNotification('en', { kind: 'quote', data: { name: 'Di', event_date: '2026-07-01', guests: 40 } }).message).toBe('Di · 40 guests · Jul 1, 2026');
    expect(renderNotification('en', { kind: 'contact', data: { name: 'Ed', subject: 'Allergies' } }).message).toBe('Ed: Allergies');
    expect(renderNotification('en', { kind: 'order_waiting', data: { number: 1007, minutes: 5 } }).title).toBe('Order #1007 is still waiting');
    expect(renderNotification('de', { kind: 'ordering_paused', data: { number: 1007 } }).message).toContain('Bestellung #1007');
  });

  it('asks to accept or reject a waiting order only those who may (a view-only role is not told to)', () => {
    expect(hiddenFor(['orders.view']).kinds).toContain('order_waiting');
    expect(hiddenFor(['orders.view']).kinds).not.toContain('order');
    expect(hiddenFor(['orders.view', 'orders.manage']).kinds).not.toContain('order_waiting');
  });

  it('falls back to a generic text for unknown kinds and for data a text cannot be filled from', () => {
    const generic = { title: translate('en', 'notifications.kinds.generic.title'), message: translate('en', 'notifications.kinds.generic.message') };
    expect(renderNotification('en', { kind: 'something_new', data: { name: 'X' } })).toEqual(generic);
    expect(renderNotification('en', { kind: 'order', data: { name: 'X' } })).toEqual(generic);
    expect(renderNotification('en', { kind: '../errors', data: {} })).toEqual(generic);
    expect(renderNotification('de', { kind: 'something_new', data: {} }).title).toBe('Neue Aktivität');
  });
});

describeEachDb('notifications and the live stream', (kind) => {
  const t = useTestApp(kind, { now: () => NOON, env: { LIVE_SESSION_CHECK_SECONDS: '1', LIVE_HEARTBEAT_SECONDS: '1', CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let team: TestTeam;
  let pizza: string;

  const placeOrder = async (name = 'Grace Hopper') => {
    const res = await client(t.app, team.r.host).post('/api/tenant/orders', {
      items: [{ product_id: pizza, quantity: 1 }],
      customer_name: name,
      customer_phone: '+49 30 1234567',
      customer_email: 'grace@example.com',
      type: 'pickup',
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().data.order.number as number;
    const [row] = await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, number)));
    return { id: row!.id, number };
  };
  const sendContact = async (subject: string) => {
    const res = await client(t.app, team.r.host).post('/api/tenant/contact', { name: 'Ada Guest', email: 'ada@example.com', subject, message: 'Do you have gluten-free pasta?' });
    expect(res.statusCode, res.body).toBe(201);
  };
  const list = async (who: TestTeam['admin'], lang = 'en') => {
    const res = await who.get('/api/tenant/notifications', { headers: { 'x-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TNotificationList;
  };
  const changes = (event: SseEvent) => event.event === 'change';
  const topicsOf = (event: SseEvent) => (JSON.parse(event.data) as TLiveEvent).topics;

  beforeAll(async () => {
    team = await t.registerTeam('bell');
    const mains = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    pizza = await t.addProduct(team.r.tenantId, mains, { name: 'Pizza', priceCents: 1250 });
  });

  describe('GET /api/tenant/notifications', () => {
    it('lists a new order for the team, rendered in the reader’s language, with the link that opens it', async () => {
      const order = await placeOrder();
      const en = await list(team.admin);
      const mine = en.data.find((n) => n.order_id === order.id)!;
      expect(mine).toMatchObject({ kind: 'order', title: `New order #${order.number}`, message: 'Grace Hopper · $12.50', is_read: false, link: `/dashboard/orders?order_id=${order.id}` });
      expect(new Date(mine.created_at).toString()).not.toBe('Invalid Date');
      expect(en.unread_count).toBeGreaterThanOrEqual(1);
      expect((await list(team.admin, 'de')).data.find((n) => n.id === mine.id)!.title).toBe(`Neue Bestellung #${order.number}`);
      // Staff view orders, so they see it too; the other restaurant does not.
      expect((await list(team.staff)).data.map((n) => n.id)).toContain(mine.id);
      expect((await list(team.otherAdmin)).data).toEqual([]);
    });

    it('shows each user only the kinds their permissions allow, with each kind’s page', async () => {
      await sendContact('Gluten-free?');
      const manager = await list(team.manager);
      const contact = manager.data.find((n) => n.kind === 'contact')!;
      expect(contact).toMatchObject({ title: 'New message', message: 'Ada Guest: Gluten-free?', link: '/dashboard/contact-reqs', order_id: null });
      // Staff have no requests.view: neither the row nor its unread count.
      const staff = await list(team.staff);
      expect(staff.data.some((n) => n.kind === 'contact')).toBe(false);
      expect(staff.unread_count).toBe(manager.unread_count - 1);

      const [reservation] = await t.db
        .insert(notifications)
        .values({ tenantId: team.r.tenantId, kind: 'reservation', data: { name: 'Bo', date: '2026-06-12', time: '19:30', guests: 2 } })
        .returning();
      const staffNow = await list(team.staff);
      expect(staffNow.data.find((n) => n.id === reservation!.id)).toMatchObject({ link: '/dashboard/reservations', message: 'Bo · 2 guests · Jun 12, 2026, 19:30' });
      const links = Object.fromEntries((await list(team.admin)).data.map((n) => [n.kind, n.link]));
      expect(links).toMatchObject({ order: expect.stringMatching(/^\/dashboard\/orders\?order_id=/), contact: '/dashboard/contact-reqs', reservation: '/dashboard/reservations' });
    });

    it('answers with the newest 30, newest first, and counts every unread one', async () => {
      await t.db.insert(notifications).values(
        Array.from({ length: 35 }, (_, i) => ({ tenantId: team.other.tenantId, kind: 'stock_check', data: { name: `G${i}`, product: 'Soup', quantity: 1, available: 1 }, createdAt: new Date(NOON.getTime() - i * 60_000) })),
      );
      const page = await list(team.otherAdmin);
      expect(page.data).toHaveLength(30);
      expect(page.unread_count).toBe(35);
      expect(page.data[0]!.message).toBe('G0 asks for 1 × Soup (available)');
      expect(page.data.map((n) => n.created_at)).toEqual([...page.data.map((n) => n.created_at)].sort().reverse());
    });

    it('needs a signed-in user of this restaurant', async () => {
      expect((await client(t.app, team.r.host).get('/api/tenant/notifications')).statusCode).toBe(401);
      expect((await team.otherAdmin.withToken(team.admin.token).get('/api/tenant/notifications')).statusCode).toBe(401);
    });
  });

  describe('marking read', () => {
    it('marks one read for the whole team and tells open dashboards', async () => {
      const events: TLiveEvent[] = [];
      const stop = t.app.live.subscribe(team.r.tenantId, (e) => events.push(e));
      const before = await list(team.admin);
      const unread = before.data.find((n) => !n.is_read && n.kind === 'order')!;
      const res = await team.staff.post(`/api/tenant/notifications/${unread.id}/read`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ id: unread.id, is_read: true });
      stop();
      expect(events).toEqual([{ topics: ['notifications'] }]);
      const after = await list(team.admin);
      expect(after.data.find((n) => n.id === unread.id)!.is_read).toBe(true);
      expect(after.unread_count).toBe(before.unread_count - 1);
    });

    it('refuses other restaurants’ ids, unknown ids and what the user may not see with 404', async () => {
      const [theirs] = await t.db.select().from(notifications).where(eq(notifications.tenantId, team.other.tenantId)).limit(1);
      expect((await team.admin.post(`/api/tenant/notifications/${theirs!.id}/read`)).statusCode).toBe(404);
      expect((await team.admin.post(`/api/tenant/notifications/${unknownId()}/read`)).statusCode).toBe(404);
      expect((await team.admin.post('/api/tenant/notifications/not-an-id/read')).statusCode).toBe(422);
      const contact = (await list(team.manager)).data.find((n) => n.kind === 'contact')!;
      expect((await team.staff.post(`/api/tenant/notifications/${contact.id}/read`)).statusCode).toBe(404);
      expect((await list(team.manager)).data.find((n) => n.id === contact.id)!.is_read).toBe(false);
      const [still] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
      expect(still!.isRead).toBe(false);
    });

    it('marks all read: what the user sees, in this restaurant only', async () => {
      const res = await team.staff.post('/api/tenant/notifications/mark-all-read');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('All notifications marked as read.');
      expect(res.json().data.updated).toBeGreaterThan(0);
      expect((await list(team.staff)).unread_count).toBe(0);
      // The contact message staff cannot see stays unread for the manager.
      const manager = await list(team.manager);
      expect(manager.unread_count).toBe(1);
      expect(manager.data.find((n) => !n.is_read)!.kind).toBe('contact');
      expect((await list(team.otherAdmin)).unread_count).toBe(35);
      expect((await team.manager.post('/api/tenant/notifications/mark-all-read')).json().data.updated).toBe(1);
      expect((await team.manager.post('/api/tenant/notifications/mark-all-read', undefined, { noCsrf: true })).statusCode).toBe(403);
    });
  });

  describe('GET /api/tenant/live (Server-Sent Events)', () => {
    it('streams a new order to the restaurant’s open dashboards, and only to them', async () => {
      const mine = await openSse(t.app, team.r.host, '/api/tenant/live', team.admin.token);
      const theirs = await openSse(t.app, team.other.host, '/api/tenant/live', team.otherAdmin.token);
      expect(mine.status).toBe(200);
      expect(mine.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(mine.headers['cache-control']).toMatch(/no-cache/);
      expect(mine.headers['x-accel-buffering']).toBe('no');
      // helmet's headers are still there.
      expect(mine.headers['x-content-type-options']).toBe('nosniff');
      expect(mine.headers['content-encoding']).toBeUndefined();

      await placeOrder('Live Larry');
      const event = await mine.next(changes);
      expect(topicsOf(event).sort()).toEqual(['notifications', 'orders']);
      // The event names topics only: no personal data crosses the stream.
      expect(mine.text()).not.toContain('Live Larry');
      await pause(300);
      expect(theirs.events).toEqual([]);

      // An idle stream gets keep-alive comments.
      await expect.poll(() => theirs.comments.includes('keep-alive'), { timeout: 3000 }).toBe(true);
      mine.close();
      theirs.close();
    });

    it('filters topics by permission: staff hear of orders, not of guests’ requests', async () => {
      const staff = await openSse(t.app, team.r.host, '/api/tenant/live', team.staff.token);
      const manager = await openSse(t.app, team.r.host, '/api/tenant/live', team.manager.token);
      await sendContact('Parking?');
      expect(topicsOf(await manager.next(changes)).sort()).toEqual(['notifications', 'requests']);
      expect(topicsOf(await staff.next(changes))).toEqual(['notifications']);
      t.app.live.publish(team.r.tenantId, { topics: ['requests'] });
      t.app.live.publish(team.r.tenantId, { topics: ['reservations'] });
      await manager.next((e) => changes(e) && topicsOf(e)[0] === 'reservations');
      await staff.next((e) => changes(e) && topicsOf(e)[0] === 'reservations');
      expect(staff.events.flatMap(topicsOf)).not.toContain('requests');
      staff.close();
      manager.close();
    });

    it('cleans up when the dashboard goes away', async () => {
      // The earlier tests' streams are closed; their server side follows within moments.
      await expect.poll(() => t.app.live.listeners(team.r.tenantId)).toBe(0);
      const stream = await openSse(t.app, team.r.host, '/api/tenant/live', team.admin.token);
      expect(t.app.live.listeners(team.r.tenantId)).toBe(1);
      stream.close();
      await expect.poll(() => t.app.live.listeners(team.r.tenantId)).toBe(0);
    });

    it('ends the stream once the token is revoked', async () => {
      const token = await t.loginAs(team.r.host, team.r.email, team.r.password);
      const stream = await openSse(t.app, team.r.host, '/api/tenant/live', token);
      expect(stream.status).toBe(200);
      expect((await client(t.app, team.r.host, { token }).post('/api/tenant/logout')).statusCode).toBe(200);
      // LIVE_SESSION_CHECK_SECONDS is 1 here.
      await Promise.race([stream.ended, pause(4000).then(() => Promise.reject(new Error('the stream outlived its token')))]);
      expect((await openSse(t.app, team.r.host, '/api/tenant/live', token)).status).toBe(401);
    });

    it('refuses without a token, with another restaurant’s token and on the main domain, before any stream starts', async () => {
      const none = await openSse(t.app, team.r.host, '/api/tenant/live');
      expect(none.status).toBe(401);
      await none.ended;
      expect(JSON.parse(none.text())).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect((await openSse(t.app, team.r.host, '/api/tenant/live', team.otherAdmin.token)).status).toBe(401);
      expect((await openSse(t.app, 'localhost', '/api/tenant/live', team.admin.token)).status).toBe(404);
    });
  });
});
