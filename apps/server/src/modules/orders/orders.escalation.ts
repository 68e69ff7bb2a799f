import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { orders, tenantSettings, tenants } from '../../db/schema/index.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { applyTransition } from './orders.service.ts';

export interface EscalationDeps {
  db: Db;
  now?: () => Date;
  live?: LiveEvents;
  /** Told after a commit that queued mail. */
  onMailQueued?: () => void;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** http(s)://host[:port] of a restaurant, for links in mails (the worker has no request to read it from). */
  originOf?: (slug: string) => string;
}

/** Orders handled per transaction; the next batch follows in the same run. */
const BATCH = 20;

/**
 * Orders nobody accepts escalate (issue #5): after `alertMailAfterMinutes` the restaurant's address is e-mailed
 * once; after `autoPauseAfterMinutes` (when set) online ordering pauses and the guest is told the order could not
 * be confirmed. Rows are claimed with FOR UPDATE SKIP LOCKED, so several server processes never handle the same
 * order twice. `runOnce()` is one pass (tests call it with a fixed clock); `start()` repeats it.
 */
export function createOrderEscalation({ db, now = () => new Date(), live, onMailQueued, log, originOf = (slug) => `http://${slug}.localhost` }: EscalationDeps) {

  /** Pending orders past the tenant's threshold, locked for this transaction; rows another process holds are skipped. */
  const overdue = (tx: Db, at: Date, minutes: typeof tenantSettings.alertMailAfterMinutes | typeof tenantSettings.autoPauseAfterMinutes, extra = sql`true`) =>
    tx
      .select({ order: orders, slug: tenants.slug, name: tenants.name, email: tenants.email })
      .from(orders)
      .innerJoin(tenantSettings, eq(tenantSettings.tenantId, orders.tenantId))
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(
        and(
          eq(orders.status, 'pending'),
          isNotNull(minutes),
          sql`${orders.createdAt} <= ${at.toISOString()}::timestamptz - make_interval(mins => ${minutes})`,
          extra,
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true });

  /** (b) Too long unaccepted: pause online ordering and reject the order, telling the guest why; one transaction per batch. */
  async function autoPause(at: Date, touched: Set<string>): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const r = createOrdersRepo(tx);
        const rows = await overdue(tx, at, tenantSettings.autoPauseAfterMinutes);
        for (const { order, slug } of rows) {
          const lang = order.language as TLanguage;
          // Only a restaurant that was open is marked as paused automatically; a manual pause stays manual.
          await tx
            .update(tenantSettings)
            .set({ isOpen: false, autoPausedAt: at, updatedAt: at })
            .where(and(eq(tenantSettings.tenantId, order.tenantId), eq(tenantSettings.isOpen, true)));
          await applyTransition(
            tx,
            order,
            { tenantId: order.tenantId, origin: originOf(slug), status: 'rejected', reason: translate(lang, 'orders.escalation.rejected_reason'), userId: null, now: at },
            lang,
          );
          await r.notify(order.tenantId, 'ordering_paused', { number: order.number }, order.id);
          touched.add(order.tenantId);
        }
        return rows.length;
      });
      handled += batch;
      if (batch < BATCH) return handled;
    }
  }

  /** (a) Still waiting: e-mail the restaurant's address once and ring the bell. */
  async function alert(at: Date, touched: Set<string>): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const r = createOrdersRepo(tx);
        const rows = await overdue(tx, at, tenantSettings.alertMailAfterMinutes, isNull(orders.escalatedAt));
        for (const { order, slug, name, email } of rows) {
          await tx
            .update(orders)
            .set({ escalatedAt: at })
            .where(and(eq(orders.tenantId, order.tenantId), eq(orders.id, order.id)));
          const origin = originOf(slug);
          const minutes = Math.max(1, Math.floor((at.getTime() - order.createdAt.getTime()) / 60_000));
          await enqueueMail(tx, {
            tenantId: order.tenantId,
            origin,
            to: email,
            language: order.language as TLanguage,
            mail: {
              site: name,
              name,
              subjectKey: 'orders.mail.waiting_subject',
              subjectParams: { number: order.number },
              paragraphs: [{ key: 'orders.mail.waiting_intro', params: { number: order.number, name: order.customerName, phone: order.customerPhone, minutes } }],
              action: { labelKey: 'orders.mail.alert_action', url: `${origin}/dashboard/orders?order_id=${order.id}` },
            },
          });
          await r.notify(order.tenantId, 'order_waiting', { number: order.number, minutes }, order.id);
          touched.add(order.tenantId);
        }
        return rows.length;
      });
      handled += batch;
      if (batch < BATCH) return handled;
    }
  }

  async function pass() {
    const at = now();
    const touched = new Set<string>();
    try {
      // Rejecting first: an order past both limits is not also reported as "still waiting".
      const paused = await autoPause(at, touched);
      const alerted = await alert(at, touched);
      return { alerted, paused };
    } finally {
      if (touched.size) onMailQueued?.();
      for (const tenantId of touched) live?.publish(tenantId, { topics: ['orders', 'notifications'] });
    }
  }

  return createPeriodicJob(pass, { name: 'order escalation', defaultIntervalMs: 30_000, log });
}

export type OrderEscalation = ReturnType<typeof createOrderEscalation>;
