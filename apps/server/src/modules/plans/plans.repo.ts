import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TPlanId } from '@tavolo/contracts/plans';
import type { Db } from '../../db/client.ts';
import { plans, products, tenants, users } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

/** The only place that reads plans and what a restaurant uses of its plan. */
export function createPlansRepo(db: Db) {
  return {
    async list(): Promise<PlanRow[]> {
      return db.select().from(plans).orderBy(asc(plans.sortOrder));
    },

    async byId(id: TPlanId, tx: Db = db): Promise<PlanRow | undefined> {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row;
    },

    /**
     * The restaurant's plan fields. `lock` takes the tenant row FOR UPDATE, so two writes that each check a limit
     * (two staff accounts created at once) run one after the other and cannot both slip under it.
     */
    async tenantPlan(tenantId: string, tx: Db = db, lock = false) {
      const query = tx
        .select({ planId: tenants.planId, status: tenants.status, trialEndsAt: tenants.trialEndsAt, upgradeRequestedAt: tenants.upgradeRequestedAt })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async countProducts(tenantId: string, tx: Db = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(products).where(eq(products.tenantId, tenantId));
      return row?.n ?? 0;
    },

    /** Active accounts: a deactivated one does not take a seat. */
    async countActiveUsers(tenantId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true)));
      return row?.n ?? 0;
    },

    async setPlan(tenantId: string, planId: TPlanId, tx: Db = db) {
      await tx.update(tenants).set({ planId, upgradeRequestedAt: null }).where(eq(tenants.id, tenantId));
    },

    async markUpgradeRequested(tenantId: string, at: Date, tx: Db = db) {
      // The first request's date stands: asking again changes nothing for the operators.
      await tx
        .update(tenants)
        .set({ upgradeRequestedAt: sql`coalesce(${tenants.upgradeRequestedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(tenants.id, tenantId));
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
