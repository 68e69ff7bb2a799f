import { and, asc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { inTenantRounds, TENANTS_PER_ROUND } from '../../lib/tenant-rounds.ts';
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
  /** Told after a commit that rejected a restaurant's orders (stock went back): its storefront menu changed. */
  onStorefrontChanged?: (tenantId: string) => void;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** http(s)://host[:port] of a restaurant, for links in mails (the worker has no request to read it from). */
  originOf?: (slug: string) => string;
}

/** Orders handled per restaurant and transaction; the restaurant's next batch follows in the next round. */
const BATCH = 20;

/**
 * Orders nobody accepts escalate (issue #5): after `alertMailAfterMinutes` the restaurant's address is e-mailed
 * once; after `autoPauseAfterMinutes` (when set) online ordering pauses and the guest is told the order could not
 * be confirmed. Restaurants with overdue orders are listed first and their orders claimed one restaurant at a
 * time with FOR UPDATE SKIP LOCKED, so several server processes never handle the same order twice (and the locks
 * stay within one Citus shard). `runOnce()` is one pass (tests call it with a fixed clock); `start()` repeats it.
 */
export function createOrderEscalation({
  db,
  now = () => new Date(),
  live,
  onMailQueued,
  onStorefrontChanged,
  log,
  originOf = (slug) => `http://${slug}.localhost`,
}: EscalationDeps) {

  type Threshold = typeof tenantSettings.alertMailAfterMinutes | typeof tenantSettings.autoPauseAfterMinutes;
  /**
   * Pending online orders past their restaurant's threshold (and `extra`), as a filter on orders joined to
   * tenant_settings. A phone order is left alone: staff typed it in with the guest on the line, so nobody overlooked
   * it, and rejecting it (or pausing the storefront over it) would break what was agreed on the phone.
   */
  const pastThreshold = (at: Date, minutes: Threshold, extra: SQL) =>
    and(
      eq(orders.status, 'pending'),
      eq(orders.source, 'online'),
      isNotNull(minutes),
      sql`${orders.createdAt} <= ${at.toISOString()}::timestamptz - make_interval(mins => ${minutes})`,
      extra,
    );

  /**
   * Restaurants with overdue orders, the longest-waiting order first. A plain read without locks (on Citus it runs
   * on every shard; orders and tenant_settings are co-located); each restaurant is then claimed on its own.
   */
  async function dueTenants(at: Date, minutes: Threshold, extra: SQL): Promise<string[]> {
    const rows = await db
      .select({ tenantId: orders.tenantId })
      .from(orders)
      .innerJoin(tenantSettings, eq(tenantSettings.tenantId, orders.tenantId))
      .where(pastThreshold(at, minutes, extra))
      .groupBy(orders.tenantId)
      .orderBy(sql`min(${orders.createdAt})`)
      .limit(TENANTS_PER_ROUND);
    return rows.map((row) => row.tenantId);
  }

  /**
   * One batch of a restaurant's overdue orders, locked for this transaction; rows another process holds are
   * skipped. The lock names the restaurant and touches orders alone, so on Citus it is a single-shard (router)
   * statement, the only kind that may lock rows. Null when the restaurant is gone or the threshold was unset meanwhile.
   */
  async function claimOverdue(tx: Db, tenantId: string, at: Date, minutes: Threshold, extra: SQL) {
    const [restaurant] = await tx
      .select({ slug: tenants.slug, name: tenants.name, email: tenants.email, staffLanguage: tenants.staffLanguage, minutes })
      .from(tenants)
      .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
      .where(eq(tenants.id, tenantId));
    if (restaurant?.minutes == null) return null;
    const rows = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, tenantId),
          eq(orders.status, 'pending'),
          lte(orders.createdAt, new Date(at.getTime() - restaurant.minutes * 60_000)),
          extra,
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return { ...restaurant, rows };
  }

  /** Runs `handle` on batches of overdue orders, restaurant by restaurant, one transaction per batch. */
  const escalate = (at: Date, minutes: Threshold, extra: SQL, handle: (tx: Db, claimed: NonNullable<Awaited<ReturnType<typeof claimOverdue>>>) => Promise<void>) =>
    inTenantRounds(
      () => dueTenants(at, minutes, extra),
      (tenantId) =>
        db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          const claimed = await claimOverdue(tx, tenantId, at, minutes, extra);
          if (!claimed?.rows.length) return 0;
          await handle(tx, claimed);
          return claimed.rows.length;
        }),
    );

  /** (b) Too long unaccepted: pause online ordering and reject the order, telling the guest why (its stock goes back). */
  const autoPause = (at: Date, touched: Set<string>, restocked: Set<string>) =>
    escalate(at, tenantSettings.autoPauseAfterMinutes, sql`true`, async (tx, { rows, slug }) => {
      const r = createOrdersRepo(tx);
      for (const order of rows) {
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
        restocked.add(order.tenantId);
      }
    });

  /** (a) Still waiting: e-mail the restaurant's address once and ring the bell. */
  const alert = (at: Date, touched: Set<string>) =>
    escalate(at, tenantSettings.alertMailAfterMinutes, isNull(orders.escalatedAt), async (tx, { rows, slug, name, email, staffLanguage }) => {
      const r = createOrdersRepo(tx);
      const origin = originOf(slug);
      for (const order of rows) {
        await tx
          .update(orders)
          .set({ escalatedAt: at })
          .where(and(eq(orders.tenantId, order.tenantId), eq(orders.id, order.id)));
        const minutes = Math.max(1, Math.floor((at.getTime() - order.createdAt.getTime()) / 60_000));
        await enqueueMail(tx, {
          tenantId: order.tenantId,
          origin,
          to: email,
          // Staff read it: the restaurant's language, not the guest's.
          language: staffLanguage,
          subjectId: order.id,
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
    });

  async function pass() {
    const at = now();
    const touched = new Set<string>();
    const restocked = new Set<string>();
    try {
      // Rejecting first: an order past both limits is not also reported as "still waiting".
      const paused = await autoPause(at, touched, restocked);
      const alerted = await alert(at, touched);
      return { alerted, paused };
    } finally {
      if (touched.size) onMailQueued?.();
      for (const tenantId of touched) live?.publish(tenantId, { topics: ['orders', 'notifications'] });
      for (const tenantId of restocked) onStorefrontChanged?.(tenantId);
    }
  }

  return createPeriodicJob(pass, { name: 'order escalation', defaultIntervalMs: 30_000, log });
}

export type OrderEscalation = ReturnType<typeof createOrderEscalation>;
