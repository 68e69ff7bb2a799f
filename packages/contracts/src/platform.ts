import { z } from './zod.ts';
import { zCleanString, zSearch } from './validation.ts';
import { TENANT_PROFILE_FIELDS } from './auth.ts';
import { ZPageQuery } from './envelope.ts';
import { PLAN_IDS, type TPlanId } from './plans.ts';
import { TENANT_STATUSES, type TTenantStatus } from './tenant.ts';
import './validation.ts';

/**
 * The platform operators' restaurant management (main domain, /api/platform/...): the list, one restaurant's
 * view, edits, the status actions and deletion; plus the sign-ups series of the dashboard chart.
 */

export const SIGNUP_RANGES = ['30d', '90d', '12m'] as const;
export type TSignupRange = (typeof SIGNUP_RANGES)[number];
export const ZSignupsQuery = z.object({ range: z.enum(SIGNUP_RANGES).default('30d') });

/** Sign-ups per day (30d, 90d) or per month (12m), oldest first, every bucket present. */
export interface TSignupSeries {
  range: TSignupRange;
  bucket: 'day' | 'month';
  /** YYYY-MM-DD (UTC): the day, or the first of the month. */
  points: { date: string; count: number }[];
}

export const TENANT_SORTS = ['newest', 'oldest', 'name', 'trial_end'] as const;
export type TTenantSort = (typeof TENANT_SORTS)[number];

export const ZTenantListQuery = ZPageQuery.extend({
  search: zSearch(),
  status: z.enum(TENANT_STATUSES).optional(),
  plan: z.enum(PLAN_IDS).optional(),
  /** Only restaurants whose owner asked for Premium. */
  upgrade_requested: z.enum(['true', 'false']).optional(),
  sort: z.enum(TENANT_SORTS).default('newest'),
});
export type TTenantListQuery = {
  search?: string;
  status?: TTenantStatus;
  plan?: TPlanId;
  upgrade_requested?: 'true' | 'false';
  sort?: TTenantSort;
  page?: number;
  per_page?: number;
};

export interface TPlatformTenant {
  id: string;
  name: string;
  slug: string;
  /** The storefront's address on the platform (http(s)://slug.main-domain). */
  url: string;
  owner: { name: string; email: string } | null;
  status: TTenantStatus;
  plan_id: TPlanId;
  trial_ends_at: string | null;
  upgrade_requested_at: string | null;
  created_at: string;
}

export interface TPlatformTenantDetail extends TPlatformTenant {
  email: string;
  phone: string;
  address: string;
  street: string | null;
  postal_code: string;
  city: string;
  state: string | null;
  country: string;
  county: string | null;
  suspended_reason: string | null;
  status_changed_at: string | null;
  /** Custom domains (Premium); verified_at null while the owner has not proved control. */
  domains: { host: string; /** café-müller.de for xn--caf-mller-d4a5s.de */ display_host: string; verified_at: string | null }[];
  figures: {
    orders: number;
    /** Accepted, preparing, ready and completed orders, in minor units of the restaurant's currency. */
    revenue_cents: number;
    currency_symbol: string;
    users: number;
    products: number;
    /** The later of the team's last sign-in activity and the last order; null when there was none. */
    last_activity_at: string | null;
  };
  history: { id: string; from_status: TTenantStatus | null; to_status: TTenantStatus; reason: string | null; actor_name: string | null; created_at: string }[];
}

export const ZTenantIdParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * PATCH /api/platform/tenants/:id: any of the sign-up fields, the plan and a running trial's end. Nothing else: a
 * `slug` was dropped without a word and the answer said "saved".
 */
export const ZUpdateTenantRequest = z
  .strictObject({
    ...TENANT_PROFILE_FIELDS,
    plan_id: z.enum(PLAN_IDS),
    trial_ends_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable(),
  })
  .partial();
export type TUpdateTenantRequest = z.input<typeof ZUpdateTenantRequest>;

export const SUSPEND_REASON_MIN = 3;
export const SUSPEND_REASON_MAX = 500;
export const ZSuspendTenantRequest = z.object({ reason: zCleanString().min(SUSPEND_REASON_MIN).max(SUSPEND_REASON_MAX) });
export type TSuspendTenantRequest = z.input<typeof ZSuspendTenantRequest>;

/** A trial runs at most this long. */
export const TRIAL_MAX_DAYS = 90;
export const ZStartTrialRequest = z.object({ ends_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }) });
export type TStartTrialRequest = z.input<typeof ZStartTrialRequest>;

/** DELETE /api/platform/tenants/:id: the restaurant's address typed again. */
export const ZDeleteTenantRequest = z.object({ confirm_slug: z.string().trim().min(1).max(100) });
export type TDeleteTenantRequest = z.input<typeof ZDeleteTenantRequest>;

export const TENANT_ACTIONS = ['approve', 'suspend', 'activate', 'start_trial'] as const;
export type TTenantAction = (typeof TENANT_ACTIONS)[number];

/** Which status each action leaves, and from which it may start. The server refuses every other move (409). */
export const TENANT_TRANSITIONS: Record<TTenantAction, { from: readonly TTenantStatus[]; to: TTenantStatus }> = {
  approve: { from: ['pending'], to: 'active' },
  suspend: { from: ['active', 'trial', 'pending'], to: 'suspended' },
  activate: { from: ['suspended', 'trial'], to: 'active' },
  start_trial: { from: ['pending', 'active'], to: 'trial' },
};

export const canTransition = (action: TTenantAction, status: TTenantStatus) => TENANT_TRANSITIONS[action].from.includes(status);

/** What the restaurant's own team sees of its account (dashboard home banners). */
export interface TTenantAccountStatus {
  status: TTenantStatus;
  suspended_reason: string | null;
  trial_ends_at: string | null;
}
