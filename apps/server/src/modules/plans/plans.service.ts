import { AppError } from '@tavolo/contracts/errors';
import type { TPlan, TPlanFeature, TPlanId, TPlanLimit, TPlanUsage, TProductRoom } from '@tavolo/contracts/plans';
import type { Db } from '../../db/client.ts';
import { manualBilling, type BillingProvider } from './billing.ts';
import { createPlansRepo, type PlanRow } from './plans.repo.ts';

export function toPlan(row: PlanRow): TPlan {
  return {
    id: row.id,
    name: row.name,
    price_cents: row.priceCents,
    currency: row.currency,
    interval: row.interval,
    max_products: row.maxProducts,
    max_users: row.maxUsers,
    custom_domain: row.customDomain,
    custom_roles: row.customRoles,
  };
}

/** A running trial is Premium; an expired one is whatever plan the restaurant is on, even before the sweep ends it. */
export function effectivePlanId(tenant: { planId: TPlanId; status: string; trialEndsAt: Date | null }, now: Date): TPlanId {
  return tenant.status === 'trial' && tenant.trialEndsAt && tenant.trialEndsAt > now ? 'premium' : tenant.planId;
}

const LIMIT_COLUMN = { products: 'maxProducts', users: 'maxUsers' } as const;
const FEATURE_COLUMN = { custom_domain: 'customDomain', custom_roles: 'customRoles' } as const;

/**
 * Plans and their limits. Every write that could exceed a limit calls `assertWithinLimit` inside its own
 * transaction; the check locks the restaurant's row, so concurrent writes cannot both pass it.
 */
export function createPlansService(deps: { db: Db; billing?: BillingProvider; now?: () => Date; onPlanChanged?: (tenantId: string) => void }) {
  const repo = createPlansRepo(deps.db);
  const billing = deps.billing ?? manualBilling;
  const now = () => deps.now?.() ?? new Date();

  async function effective(tenantId: string, tx: Db = deps.db, lock = false) {
    const tenant = await repo.tenantPlan(tenantId, tx, lock);
    if (!tenant) throw new AppError('NOT_FOUND');
    const plan = await repo.byId(effectivePlanId(tenant, now()), tx);
    if (!plan) throw new Error(`plan ${tenant.planId} is missing from the plans table`);
    return { tenant, plan };
  }

  return {
    repo,
    effective,

    async list(): Promise<TPlan[]> {
      return (await repo.list()).map(toPlan);
    },

    /** Throws PLAN_LIMIT when adding `adding` more would go past the plan's limit. Call inside the write's transaction. */
    async assertWithinLimit(tx: Db, tenantId: string, limit: TPlanLimit, adding = 1) {
      const { plan } = await effective(tenantId, tx, true);
      const max = plan[LIMIT_COLUMN[limit]];
      if (max === null) return;
      const used = limit === 'products' ? await repo.countProducts(tenantId, tx) : await repo.countActiveUsers(tenantId, tx);
      if (used + adding > max) throw new AppError('PLAN_LIMIT', `plans.limit_${limit}`, undefined, { limit: max });
    },

    /** Throws PLAN_LIMIT when the restaurant's plan lacks the feature. */
    async assertFeature(tenantId: string, feature: TPlanFeature, tx: Db = deps.db) {
      const { plan } = await effective(tenantId, tx);
      if (!plan[FEATURE_COLUMN[feature]]) throw new AppError('PLAN_LIMIT', `plans.feature_${feature}`);
    },

    async hasFeature(tenantId: string, feature: TPlanFeature, tx: Db = deps.db): Promise<boolean> {
      const { plan } = await effective(tenantId, tx);
      return plan[FEATURE_COLUMN[feature]];
    },

    /** How many dishes the restaurant has, and how many its plan holds. */
    async productRoom(tenantId: string): Promise<TProductRoom> {
      const [{ plan }, used] = await Promise.all([effective(tenantId), repo.countProducts(tenantId)]);
      return { used, max: plan.maxProducts };
    },

    /** What the restaurant's team sees on its plan page. */
    async usage(tenantId: string): Promise<TPlanUsage> {
      const { tenant, plan } = await effective(tenantId);
      const [products, users] = await Promise.all([repo.countProducts(tenantId), repo.countActiveUsers(tenantId)]);
      return {
        plan: toPlan(plan),
        base_plan_id: tenant.planId,
        trial_ends_at: tenant.status === 'trial' ? (tenant.trialEndsAt?.toISOString() ?? null) : null,
        upgrade_requested_at: tenant.upgradeRequestedAt?.toISOString() ?? null,
        usage: { products, users },
      };
    },

    /** The one place a restaurant's plan changes: an operator today, a payment provider's webhook later. */
    async changePlan(tenantId: string, planId: TPlanId, tx: Db = deps.db) {
      if (!(await repo.byId(planId, tx))) throw new AppError('VALIDATION', 'errors.validation', { plan_id: ['validation.invalid_choice'] });
      await repo.setPlan(tenantId, planId, tx);
      // Custom domains follow the plan: the host resolver forgets what it knew.
      deps.onPlanChanged?.(tenantId);
    },

    /** The owner asks for Premium: recorded for the operators, and handed to the billing provider. */
    async requestUpgrade(tenantId: string, planId: TPlanId = 'premium') {
      await repo.markUpgradeRequested(tenantId, now());
      return billing.requestUpgrade({ tenantId, planId });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
