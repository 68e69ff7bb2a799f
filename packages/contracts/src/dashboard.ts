import type { TTenantStatus } from './tenant.ts';

/** The restaurant dashboard home's overview (grows with the operations issue). */
export interface TDashboardSummary {
  restaurant: { name: string; slug: string; status: TTenantStatus; created_at: string };
  counts: { categories: number; active_categories: number; products: number; active_products: number; team: number };
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
}
