import type { TDashboardInsights, TDashboardSummary } from '@tavolo/contracts/dashboard';
import { api } from '../../../lib/api.ts';

export const dashboardApi = {
  summary: () => api<TDashboardSummary>('GET', '/tenant/dashboard/summary'),
  insights: () => api<TDashboardInsights>('GET', '/tenant/dashboard/insights'),
};
