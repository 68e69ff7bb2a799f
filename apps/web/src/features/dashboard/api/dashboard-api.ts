import type { TDashboardSummary } from '@tavolo/contracts/dashboard';
import { api } from '../../../lib/api.ts';

export const dashboardApi = {
  summary: () => api<TDashboardSummary>('GET', '/tenant/dashboard/summary'),
};
