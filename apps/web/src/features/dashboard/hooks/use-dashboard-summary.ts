import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../api/dashboard-api.ts';

/** `enabled`: false for a role without dashboard.view (the server would refuse). */
export function useDashboardSummary(enabled = true) {
  return useQuery({ queryKey: ['dashboard', 'summary'], queryFn: async () => (await dashboardApi.summary()).data, enabled });
}
