/**
 * Races on a real PostgreSQL server (issue #11): PGlite is a single connection, so requests there run one after
 * the other and can never show a race. The app's pool holds several connections (db/client.ts), so the
 * checkouts below really run as parallel transactions.
 *
 * The last free table of a time slot is raced in modules/reservations/guest.test.ts ("of thirty guests racing
 * for the last table, exactly one gets it"), which runs on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import type { TCheckoutRequest } from '@tavolo/contracts/orders';
import { idempotencyKeys, mailOutbox, newsletterSubscribers, notifications, orders, products, stockMovements } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { describeEachDb, TEST_DATABASE_URL, useTestApp, type DbKind, type RegisteredTenant, type TestApp } from './harness.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
// A Wednesday, 12:00 UTC: inside the default opening hours (09:00–22:00, restaurant time zone UTC).
const NOON = new Date('2026-06-10T12:00:00Z');

/** A restaurant taking orders with one dish; `stock` tracks it. Every guest comes from its own address. */
function useShop(kind: DbKind) {
  const t = useTestApp(kind, { now: () => NOON, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  const shop = { t, r: undefined as unknown as RegisteredTenant, dish: '' };
  beforeAll(async () => {
    shop.r = await t.registerTenant({ domain: `race-${kind}`, status: 'active' });
    const mains = await t.addCategory(shop.r.tenantId, { name: 'Mains' });
    shop.dish = await t.addProduct(shop.r.tenantId, mains, { name: 'Lasagne', priceCents: 1200 });
  });
  return shop;
}

const checkoutBody = (dish: string, email: string): TCheckoutRequest => ({
  items: [{ product_id: dish, quantity: 1 }],
  customer_name: 'Ada Lovelace',
  customer_phone: '+49 30 1234567',
  customer_email: email,
  type: 'pickup',
});

const checkout = (t: TestApp, host: string, body: TCheckoutRequest, key?: string) =>
  t.client(host).post('/api/tenant/orders', body, { headers: key ? { 'idempotency-key': key } : {} });

describe.skipIf(!TEST_DATABASE_URL)('concurrency [postgres]', () => {
  const shop = useShop('postgres');
  const ordersOf = () => shop.t.db.select().from(orders).where(eq(orders.tenantId, shop.r.tenantId));
  /** The guests' order confirmations queued in the outbox. */
  const placedMails = () =>
    shop.t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, shop.r.tenantId), sql`${mailOutbox.payload}->>'subjectKey' = 'orders.mail.placed_subject'`));

  it('the pool really runs transactions side by side', async () => {
    // Two transactions that each wait for the other to have started: only possible on two connections.
    const started: string[] = [];
    const both = () => new Promise<void>((resolve) => {
      const check = () => (started.length === 2 ? resolve() : setTimeout(check, 5));
      check();
    });
    const tx = (name: string) =>
      shop.t.db.transaction(async (db) => {
        await db.execute(sql`select 1`);
        started.push(name);
        await both();
      });
    await Promise.race([Promise.all([tx('a'), tx('b')]), new Promise((_, reject) => setTimeout(() => reject(new Error('the pool ran one at a time')), 5000))]);
  });

  it('200 guests checking out the last 50 portions: exactly 50 orders, the rest told it is sold out, stock never below 0', async () => {
    await shop.t.db.update(products).set({ trackStock: true, stockQuantity: 50 }).where(eq(products.id, shop.dish));

    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => checkout(shop.t, shop.r.host, checkoutBody(shop.dish, `stock${i}@example.com`))));

    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'CONFLICT', message: msg('orders.errors.sold_out', { name: 'Lasagne' }), errors: { items: [msg('orders.errors.sold_out', { name: 'Lasagne' })] } });
    }

    const rows = await ordersOf();
    expect(rows).toHaveLength(50);
    // Numbers handed out one by one, no gaps or doubles.
    expect(rows.map((o) => o.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 1001 + i));
    expect(new Set(placed.map((a) => a.json().data.order.number)).size).toBe(50);

    const [dish] = await shop.t.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, shop.dish));
    expect(dish!.stock).toBe(0);
    // One movement per order, each seeing the level the previous one left: 49, 48, ... 0 (no two read the same level).
    const movements = await shop.t.db
      .select({ delta: stockMovements.delta, after: stockMovements.quantityAfter, reason: stockMovements.reason, note: stockMovements.note })
      .from(stockMovements)
      .where(and(eq(stockMovements.tenantId, shop.r.tenantId), eq(stockMovements.productId, shop.dish)))
      .orderBy(asc(stockMovements.quantityAfter));
    expect(movements.map((m) => m.after)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(movements.every((m) => m.delta === -1 && m.reason === 'order')).toBe(true);
    expect(movements.map((m) => m.note).sort()).toEqual(rows.map((o) => `#${o.number}`).sort());
    // The refused ones left nothing behind: one confirmation per order, one staff notification per order.
    expect((await placedMails()).map((m) => m.to).sort()).toEqual(rows.map((o) => o.customerEmail).sort());
    expect(await shop.t.db.$count(notifications, eq(notifications.tenantId, shop.r.tenantId))).toBe(50);
  });

  it('100 parallel sends of one order with one Idempotency-Key make one order, and every answer replays it', async () => {
    await shop.t.db.update(products).set({ trackStock: true, stockQuantity: 10 }).where(eq(products.id, shop.dish));
    const body = checkoutBody(shop.dish, 'once@example.com');

    const answers = await Promise.all(Array.from({ length: 100 }, () => checkout(shop.t, shop.r.host, body, 'one-key-for-100-sends')));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(201));
    const first = answers[0]!.json();
    for (const answer of answers) expect(answer.json()).toEqual(first);
    const mine = (await ordersOf()).filter((o) => o.customerEmail === 'once@example.com');
    expect(mine.map((o) => [o.number, o.trackingTokenHash])).toEqual([[first.data.order.number, hashToken(first.data.tracking_token)]]);
    const [dish] = await shop.t.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, shop.dish));
    expect(dish!.stock).toBe(9);
    expect((await placedMails()).filter((m) => m.to === 'once@example.com')).toHaveLength(1);

    // The same key with another cart is refused, also when many try at once, and changes nothing.
    const other = { ...body, items: [{ product_id: shop.dish, quantity: 2 }] };
    const changed = await Promise.all(Array.from({ length: 20 }, () => checkout(shop.t, shop.r.host, other, 'one-key-for-100-sends')));
    for (const answer of changed) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(msg('orders.errors.idempotency_mismatch'));
    }
    expect((await ordersOf()).filter((o) => o.customerEmail === 'once@example.com')).toHaveLength(1);
  });

  it('ten newsletter sign-ups for one address at once (a double click): all welcomed, one row, one confirmation mail', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => shop.t.client(shop.r.host).post('/api/tenant/subscribe', { email: 'twice@example.com' })));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const rows = await shop.t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, shop.r.tenantId));
    expect(rows.map((row) => [row.email, row.status])).toEqual([['twice@example.com', 'pending']]);
    const confirmations = await shop.t.db.$count(mailOutbox, and(eq(mailOutbox.tenantId, shop.r.tenantId), eq(mailOutbox.toAddress, 'twice@example.com')));
    expect(confirmations).toBe(1);
  });
});

describeEachDb('idempotency keys are kept at least 24 hours', (kind) => {
  const shop = useShop(kind);
  /** Moves a key's creation back by `hours` (on the database clock, which the purge uses). */
  const age = (key: string, hours: number) =>
    shop.t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(mins => ${Math.round(hours * 60)})` })
      .where(and(eq(idempotencyKeys.tenantId, shop.r.tenantId), eq(idempotencyKeys.key, key)));
  const keys = async () =>
    (await shop.t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, shop.r.tenantId))).map((k) => k.key).sort();

  it('a key a day old still replays after the hourly purge; only keys past 48 hours are purged', async () => {
    const placed: Record<string, number> = {};
    for (const [key, hours] of [['key-aged-23h', 23], ['key-aged-25h', 25], ['key-aged-47h50m', 47 + 5 / 6], ['key-aged-48h10m', 48 + 1 / 6]] as const) {
      const res = await checkout(shop.t, shop.r.host, checkoutBody(shop.dish, `${key}@example.com`), key);
      expect(res.statusCode, res.body).toBe(201);
      placed[key] = res.json().data.order.number;
      await age(key, hours);
    }

    await shop.t.app.orders.purgeIdempotencyKeys();

    expect(await keys()).toEqual(['key-aged-23h', 'key-aged-25h', 'key-aged-47h50m']);
    for (const key of ['key-aged-23h', 'key-aged-25h']) {
      const replay = await checkout(shop.t, shop.r.host, checkoutBody(shop.dish, `${key}@example.com`), key);
      expect(replay.statusCode).toBe(201);
      expect(replay.json().data.order.number).toBe(placed[key]);
    }
    expect(await shop.t.db.$count(orders, eq(orders.tenantId, shop.r.tenantId))).toBe(4);
  });
});
