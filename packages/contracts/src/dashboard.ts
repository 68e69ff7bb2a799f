import type { TBulletinPost } from './bulletin.ts';
import type { TTenantStatus } from './tenant.ts';

/** The restaurant dashboard home's overview (grows with the operations issue). */
export interface TDashboardSummary {
  /** suspended_reason: why operators suspended it (shown on the home); trial_ends_at: while on a Premium trial. */
  restaurant: { name: string; slug: string; status: TTenantStatus; created_at: string; suspended_reason: string | null; trial_ends_at: string | null };
  /** `team`: every account; `team_active`: those who can sign in now (not deactivated, not an open invitation). */
  counts: { categories: number; active_categories: number; products: number; active_products: number; team: number; team_active: number; tables: number };
  /** What the first steps' checklist ticks besides the counts: a logo uploaded, the looks chosen once. */
  setup: { logo: boolean; looks: boolean };
}

export interface TPlatformStats {
  total_restaurants: number;
  active_restaurants: number;
  pending_approvals: number;
  suspended_restaurants: number;
  total_users: number;
  total_roles: number;
  total_permissions: number;
  active_users_today: number;
  /** What the totals hold besides the four statuses' cards: restaurants on a trial, and the operators' own share. */
  trial_restaurants: number;
  platform_users: number;
  platform_roles: number;
}

/**
 * GET /api/tenant/dashboard/insights: the home's figures, "today" and the days in the restaurant's time zone.
 * A section the reader's role may not see is null (no revenue without orders.view, no stock without menu.view).
 */
export interface TDashboardInsights {
  time_zone: string;
  /** YYYY-MM-DD in the restaurant's time zone. */
  today: string;
  currency_symbol: string;
  /** Orders placed today that were not rejected or cancelled, their revenue and average; pending: waiting for acceptance (any day). */
  orders: { today: number; revenue_cents: number; average_cents: number; pending: number } | null;
  /** Today's reservations (pending or confirmed) and those still waiting for an answer (today or later). */
  reservations: { today: number; pending: number } | null;
  /** The last 30 days, oldest first, every day present (zero days included). */
  chart: { date: string; orders: number; revenue_cents: number }[] | null;
  /** Best sellers of the last 30 days by quantity (at most 5). */
  top_products: { product_id: string; name: string; quantity: number; revenue_cents: number }[] | null;
  /** Tracked products at or below their threshold, lowest first (at most 5), and how many there are in all. */
  low_stock: { items: { id: string; name: string; stock_quantity: number; low_stock_threshold: number }[]; total: number } | null;
  /** The latest three posts, pinned first. */
  bulletin: TBulletinPost[];
}
