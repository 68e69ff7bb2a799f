/**
 * Crash safety (issue #11): the real server, as a child process on its own database, is killed with SIGKILL in the
 * middle of a stream of orders and started again. Whatever was mid-transaction must be gone entirely, whatever was
 * answered 201 must be there entirely: each order with its lines, its first status, its two mails in the outbox and
 * its stock movements. On the embedded PGlite that `npm start` runs on, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { ChildProcess } from 'node:child_process';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { mailOutbox, orderItems, orderStatusHistory, orders, products, stockMovements } from '../db/schema/index.ts';
import { TEST_DATABASE_URL } from './harness.ts';
import { call, csrfHeaders } from './real-http.ts';
import { freePort, seededDemoOnPglite, seededDemoOnPostgres, startRealServer, type RealServer } from './real-server.ts';

const HOST = 'demo.localhost';
const STOCK = 500;
const LOAD_EMAILS = '%@crash.example.com';

/**
 * The demo restaurant on a database of the given kind, and how the test reads it: PostgreSQL alongside the
 * running server; PGlite only while no server runs (one process at a time on its files).
 */
async function crashTarget(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const demo = await seededDemoOnPostgres(TEST_DATABASE_URL!, 'crash');
    return { ...demo, env: { DATABASE_URL: demo.url, DATA_DIR: demo.dataDir }, withDb: <T>(use: (db: Db) => Promise<T>) => use(demo.database.db) };
  }
  const demo = await seededDemoOnPglite('crash');
  return {
    ...demo,
    env: { DATABASE_URL: '', DATA_DIR: demo.dataDir },
    async withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
      const database = demo.open();
      try {
        return await use(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

const KINDS = TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(KINDS)('crash safety [%s]', (kind) => {
  let target: Awaited<ReturnType<typeof crashTarget>>;
  let tenantId: string;
  const tracked: string[] = [];
  let untracked: string;
  const children = new Set<ChildProcess>();

  /** The real server on the test database, API only, no demo seed (the test seeds it), checkout unthrottled. */
  async function startServer(port: number): Promise<RealServer> {
    const server = await startRealServer({ port, env: { ...target.env, SEED_DEMO: 'false', CHECKOUT_MAX_PER_IP_PER_MINUTE: '100000' } });
    children.add(server.child);
    server.child.on('exit', () => children.delete(server.child));
    return server;
  }

  let serial = 0;
  /** A cart of one to three dishes (two with tracked stock, one without), one to three of each. */
  function randomOrder() {
    serial++;
    const pick = [...tracked, untracked].filter(() => Math.random() < 0.6);
    const dishes = pick.length ? pick : [tracked[serial % 2]!];
    return {
      items: dishes.map((id) => ({ product_id: id, quantity: 1 + Math.floor(Math.random() * 3) })),
      customer_name: `Load Guest ${serial}`,
      customer_phone: '+1 555 010 0000',
      customer_email: `guest${serial}@crash.example.com`,
      type: 'pickup',
    };
  }

  beforeAll(async () => {
    target = await crashTarget(kind);
    tenantId = target.tenantId;
    const id = target.dish;
    tracked.push(id('Panna Cotta'), id('Tiramisù'));
    untracked = id('Spaghetti Carbonara');
    await target.withDb(async (db) => {
      await db.update(products).set({ trackStock: true, stockQuantity: STOCK }).where(inArray(products.id, tracked));
      await db.update(products).set({ trackStock: false }).where(eq(products.id, untracked));
    });
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await target?.cleanup();
  });

  it('SIGKILL in the middle of an order load leaves no half order, no lost mail and stock that matches the orders', async () => {
    const port = await freePort();
    const first = (await startServer(port)).child;
    const headers = await csrfHeaders(port, HOST);

    // Eight guests ordering in a loop; the server is killed once 40 orders went through, with others in flight.
    const answered: number[] = [];
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    const exited = new Promise((resolve) => first.once('exit', resolve));
    const guest = async () => {
      while (!killed) {
        inFlight++;
        const res = await call(port, HOST, 'POST', '/api/tenant/orders', { body: randomOrder(), headers }).catch(() => undefined);
        inFlight--;
        if (res?.status === 201) answered.push(JSON.parse(res.body).data.order.number);
        else if (res && !killed) throw new Error(`an order was refused: ${res.status} ${res.body}`);
        if (answered.length >= 40 && !killed) {
          killed = true;
          inFlightAtKill = inFlight;
          first.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, guest));
    await exited;
    expect(inFlightAtKill).toBeGreaterThan(0);

    const secondPort = await freePort();
    const second = await startServer(secondPort);
    // The restarted server takes orders again, numbered after the last one that was committed.
    const after = await call(secondPort, HOST, 'POST', '/api/tenant/orders', { body: randomOrder(), headers: await csrfHeaders(secondPort, HOST) });
    expect(after.status, after.body).toBe(201);

    // The restarted server sends what was due (mails claimed by the killed process wait for their lease to end).
    const dueUnsent = (db: Db) =>
      db.$count(mailOutbox, and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.status, 'pending'), sql`${mailOutbox.nextAttemptAt} <= now()`));
    if (kind === 'postgres') {
      await target.withDb(async (db) => {
        for (let waited = 0; (await dueUnsent(db)) > 0 && waited < 15_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
        expect(await dueUnsent(db)).toBe(0);
      });
    } else {
      // PGlite is read after the server has stopped: give its outbox a moment, then stop it the normal way.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await second.stop()).toBe(0);
    }

    await target.withDb(async (db) => {
      const placed = await db.select().from(orders).where(and(eq(orders.tenantId, tenantId), like(orders.customerEmail, LOAD_EMAILS)));
      const numbers = placed.map((o) => o.number);
      expect(numbers).toEqual(expect.arrayContaining(answered));
      expect(JSON.parse(after.body).data.order.number).toBe(Math.max(...numbers));
      expect(new Set(numbers).size).toBe(numbers.length);
      const ids = placed.map((o) => o.id);

      // Every order whole: lines that add up to its totals, and its first status.
      const lines = await db.select().from(orderItems).where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, ids)));
      const history = await db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.tenantId, tenantId), inArray(orderStatusHistory.orderId, ids)));
      for (const order of placed) {
        const mine = lines.filter((l) => l.orderId === order.id);
        expect(mine.length, `order #${order.number} has lines`).toBeGreaterThan(0);
        expect(order.subtotalCents).toBe(mine.reduce((sum, l) => sum + l.lineTotalCents, 0));
        const added = order.taxIncluded ? 0 : order.taxCents;
        expect(order.totalCents).toBe(order.subtotalCents - order.discountCents - order.couponDiscountCents + order.deliveryFeeCents + order.tipCents + added);
        expect(history.filter((h) => h.orderId === order.id).map((h) => h.status)).toEqual(['pending']);
      }

      // Every order's two mails queued (the guest's confirmation and the restaurant's alert), none given up.
      const mails = await db
        .select({ to: mailOutbox.toAddress, status: mailOutbox.status, subject: sql<string>`${mailOutbox.payload}->>'subjectKey'`, number: sql<string>`${mailOutbox.payload}->'subjectParams'->>'number'` })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), inArray(sql<string>`${mailOutbox.payload}->>'subjectKey'`, ['orders.mail.placed_subject', 'orders.mail.alert_subject'])));
      for (const order of placed) {
        const mine = mails.filter((m) => Number(m.number) === order.number);
        expect(mine.map((m) => `${m.subject} ${m.to}`).sort(), `mails of order #${order.number}`).toEqual([`orders.mail.alert_subject hello@demo.example.com`, `orders.mail.placed_subject ${order.customerEmail}`]);
      }
      expect(mails.filter((m) => m.status === 'failed')).toEqual([]);
      if (kind === 'pglite') expect(await dueUnsent(db)).toBe(0);

      // Stock: what is left plus what the orders took is what there was; one movement per order line.
      const stock = await db.select({ id: products.id, left: products.stockQuantity }).from(products).where(inArray(products.id, tracked));
      const movements = await db.select().from(stockMovements).where(and(eq(stockMovements.tenantId, tenantId), inArray(stockMovements.productId, tracked)));
      for (const dish of stock) {
        const sold = lines.filter((l) => l.productId === dish.id).reduce((sum, l) => sum + l.quantity, 0);
        expect(dish.left + sold).toBe(STOCK);
        const moved = movements.filter((m) => m.productId === dish.id);
        expect(moved.reduce((sum, m) => sum - m.delta, 0)).toBe(sold);
        expect(moved.length).toBe(lines.filter((l) => l.productId === dish.id).length);
      }
    });
  }, 180_000);
});
