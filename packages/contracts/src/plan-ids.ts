/**
 * The plans the marketing site sells (SPEC §1: a free plan, premium from $29 a month). Rows live in the `plans`
 * table. Apart from plans.ts, which builds its schemas with Zod: the marketing home's plan cards need only these,
 * and Zod (about 25 KB gzip, and its schema set-up) stays off that page's first load (issue #11).
 */
export const PLAN_IDS = ['free', 'premium'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];
