import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../api/dashboard-api.ts';

export function useDashboardSummary() {
  return useQuery({ queryKey: ['dashboard', 'summary'], queryFn: async () => (await dashboardApi.summary()).data });
}
