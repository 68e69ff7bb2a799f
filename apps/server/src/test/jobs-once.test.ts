/**
 * Background work with several processes (issue #12): two app instances, each with its own connection pool and
 * mailer, run their outbox, trial sweep and order escalation at the same time over one backlog in one PostgreSQL
 * database. Every trial ends once with one mail, every waiting order is escalated once, every mail is delivered
 * exactly once, and nothing is left behind. Only with TEST_DATABASE_URL (PGlite is one process by nature).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { mailOutbox, notifications, orders, tenantStatusEvents, tenants } from '../db/schema/index.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { createOutboxRepo, enqueueMail } from '../modules/outbox/outbox.repo.ts';
import { createTestApp, rowsOf, TEST_DATABASE_URL, type TestApp } from './harness.ts';
import { insertOrder } from './order-fixture.ts';

const TRIALS = 6;
const ORDERS = 30;
const DIRECT_MAILS = 60;

/** Records deliveries, taking a moment per mail like a real server, so the two instances' passes overlap. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message: MailMessage) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      sent.push(message);
    },
  };
}

describe.skipIf(!TEST_DATABASE_URL)('background jobs with two instances [postgres]', () => {
  let t: TestApp;
  let second: { database: Database; app: App };
  const mailerA = recordingMailer();
  const mailerB = recordingMailer();
  let trialIds: string[];
  let orderIds: string[];
  let demoTenantId: string;

  beforeAll(async () => {
    t = await createTestApp({ db: 'postgres' });
    // Instance B: its own pool on the same database.
    const [{ name }] = rowsOf(await t.db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = createDatabase({ databaseUrl: url.toString() });
    second = { database, app: await buildApp({ config: t.config, database, mailer: mailerB }) };
    await second.app.ready();

    const registered = [];
    for (let i = 0; i < TRIALS; i++) registered.push(await t.registerTenant({ status: 'active' }));
    trialIds = registered.map((r) => r.tenantId);
    await t.db
      .update(tenants)
      .set({ status: 'trial', trialEndsAt: new Date(Date.now() - 60_000) })
      .where(inArray(tenants.id, trialIds));

    // Orders waiting 20 minutes, past the default alert after 5 (auto-pause is off by default).
    demoTenantId = registered[0]!.tenantId;
    const category = await t.addCategory(demoTenantId, { name: 'Mains' });
    const product = await t.addProduct(demoTenantId, category, { name: 'Risotto', priceCents: 1200 });
    orderIds = [];
    for (let i = 0; i < ORDERS; i++) {
      const order = await insertOrder(t.db, demoTenantId, {
        email: `guest${i}@jobs.example.com`,
        at: new Date(Date.now() - 20 * 60_000),
        status: 'pending',
        lines: [{ productId: product, name: 'Risotto', cents: 1200 }],
      });
      orderIds.push(order.id);
    }
    // Mail queued earlier (registration mails included), from both instances' point of view the same backlog.
    for (let i = 0; i < DIRECT_MAILS; i++) {
      await enqueueMail(t.db, {
        tenantId: demoTenantId,
        to: `reader${i}@jobs.example.com`,
        language: 'en',
        origin: 'http://jobs.localhost',
        mail: { site: 'Jobs', name: 'Jobs', subjectKey: 'orders.mail.waiting_subject', subjectParams: { number: i }, paragraphs: [] },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('each trial ends once, each order escalates once, each mail is delivered once', async () => {
    // The memory mailer of instance A records through the harness; swap in the slow recording one for both.
    t.mailer.sent.length = 0;
    const sendA = t.mailer.send;
    t.mailer.send = mailerA.send;
    try {
      const [trialsA, trialsB, escalationA, escalationB] = await Promise.all([
        t.app.trials.runOnce(),
        second.app.trials.runOnce(),
        t.app.escalation.runOnce(),
        second.app.escalation.runOnce(),
      ]);
      expect(trialsA + trialsB).toBe(TRIALS);
      expect(escalationA.alerted + escalationB.alerted).toBe(ORDERS);
      const [sentA, sentB] = await Promise.all([t.app.outbox.drain(), second.app.outbox.drain()]);
      // Both instances took part (the backlog is several batches), and between them sent every row once.
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
      const rows = await t.db.select().from(mailOutbox);
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      expect(sentA + sentB).toBe(rows.length);
      const delivered = [...mailerA.sent, ...mailerB.sent];
      expect(delivered).toHaveLength(rows.length);
      const perAddress = new Map<string, number>();
      for (const m of delivered) perAddress.set(`${m.to} ${m.subject}`, (perAddress.get(`${m.to} ${m.subject}`) ?? 0) + 1);
      expect([...perAddress.values()].filter((n) => n > 1)).toEqual([]);
      for (let i = 0; i < DIRECT_MAILS; i++) expect(delivered.filter((m) => m.to === `reader${i}@jobs.example.com`)).toHaveLength(1);
    } finally {
      t.mailer.send = sendA;
    }

    // Trials: active, one status event and one "trial ended" mail each.
    const ended = await t.db.select().from(tenants).where(inArray(tenants.id, trialIds));
    expect(ended.map((r) => [r.status, r.trialEndsAt])).toEqual(Array(TRIALS).fill(['active', null]));
    const events = await t.db.select().from(tenantStatusEvents).where(and(inArray(tenantStatusEvents.tenantId, trialIds), eq(tenantStatusEvents.toStatus, 'active')));
    expect(events.filter((e) => e.fromStatus === 'trial')).toHaveLength(TRIALS);
    const trialMails = (await t.db.select().from(mailOutbox).where(inArray(mailOutbox.tenantId, trialIds))).filter(
      (m) => (m.payload as { subjectKey?: string }).subjectKey === 'platform.mail.trial_ended_subject',
    );
    expect(trialMails.map((m) => m.tenantId).sort()).toEqual([...trialIds].sort());

    // Orders: escalated once, one bell each, one "still waiting" mail each (the restaurant's address).
    const escalated = await t.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(escalated.every((o) => o.escalatedAt !== null && o.status === 'pending')).toBe(true);
    const bells = await t.db.select().from(notifications).where(and(eq(notifications.tenantId, demoTenantId), eq(notifications.kind, 'order_waiting')));
    expect(bells.map((n) => n.orderId).sort()).toEqual([...orderIds].sort());
    const waiting = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, demoTenantId))).filter(
      (m) => (m.payload as { subjectKey?: string }).subjectKey === 'orders.mail.waiting_subject' && !m.toAddress.endsWith('@jobs.example.com'),
    );
    expect(waiting).toHaveLength(ORDERS);

    // A second round on both finds nothing left to do.
    const again = await Promise.all([t.app.trials.runOnce(), second.app.trials.runOnce(), t.app.escalation.runOnce(), second.app.escalation.runOnce()]);
    expect(again).toEqual([0, 0, { alerted: 0, paused: 0 }, { alerted: 0, paused: 0 }]);
    expect(await Promise.all([t.app.outbox.drain(), second.app.outbox.drain()])).toEqual([0, 0]);
  });

  it('a process whose lease ran out can neither renew nor record a mail another process has claimed since', async () => {
    await enqueueMail(t.db, { tenantId: demoTenantId, to: 'late@jobs.example.com', language: 'en', origin: 'http://jobs.localhost', mail: { site: 'Jobs', name: 'Jobs', subjectKey: 'orders.mail.waiting_subject', subjectParams: {}, paragraphs: [] } });
    const repoA = createOutboxRepo(t.db);
    const repoB = createOutboxRepo(second.database.db);
    const [stale] = await repoA.claimDue(demoTenantId, 1, 0);
    expect(stale).toBeDefined();
    // A's lease (0 s here) is over: B claims the mail.
    const [fresh] = await repoB.claimDue(demoTenantId, 1, 300);
    expect(fresh?.id).toBe(stale!.id);
    expect(await repoA.renewLease(stale!, 300)).toBe(false);
    await repoB.markSent(fresh!);
    await repoA.markFailed(stale!, 'too slow', 30);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stale!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await repoB.renewLease(fresh!, 300)).toBe(false);
  });
});
