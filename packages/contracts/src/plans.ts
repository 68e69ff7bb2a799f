import { PLAN_IDS } from './plan-ids.ts';
import { z } from './zod.ts';

export { PLAN_IDS, type TPlanId } from './plan-ids.ts';

/** What a plan allows. A null limit means unlimited. */
export const ZPlan = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month']),
  max_products: z.number().int().nullable(),
  max_users: z.number().int().nullable(),
  custom_domain: z.boolean(),
  custom_roles: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

/** Countable things a plan limits, and the features it switches on. */
export type TPlanLimit = 'products' | 'users';
export type TPlanFeature = 'custom_domain' | 'custom_roles';

/** A restaurant's plan as it applies now: a running premium trial counts as premium. */
export const ZPlanUsage = z.object({
  plan: ZPlan,
  /** The plan stored on the restaurant (differs from `plan.id` only while a trial runs). */
  base_plan_id: z.enum(PLAN_IDS),
  trial_ends_at: z.string().nullable(),
  upgrade_requested_at: z.string().nullable(),
  usage: z.object({ products: z.number().int(), users: z.number().int() }),
});
export type TPlanUsage = z.infer<typeof ZPlanUsage>;

/** GET /api/tenant/plan/product-room: the dishes the plan holds (`max` null: no limit), for the Products page. */
export const ZProductRoom = z.object({ used: z.number().int(), max: z.number().int().nullable() });
export type TProductRoom = z.infer<typeof ZProductRoom>;

/** GET /api/tenant/plan: the restaurant's plan and usage, and the plans on offer (for the comparison). */
export const ZTenantPlan = ZPlanUsage.extend({ plans: z.array(ZPlan) });
export type TTenantPlan = z.infer<typeof ZTenantPlan>;

/** POST /api/tenant/plan/upgrade-request: where to pay (null: the platform team gets in touch), and when it was asked. */
export const ZUpgradeRequestResult = z.object({ checkout_url: z.string().nullable(), upgrade_requested_at: z.string().nullable() });
export type TUpgradeRequestResult = z.infer<typeof ZUpgradeRequestResult>;
