import { useQuery } from '@tanstack/react-query';
import type { TBulletinPost } from '@tavolo/contracts/bulletin';
import type { TPage } from '@tavolo/contracts/envelope';
import { api } from '../../../lib/api.ts';
import { dashboardApi } from '../api/dashboard-api.ts';

/** The home's figures; the key starts with 'orders' so a new order on the live stream refreshes them at once. */
export function useDashboardInsights(enabled = true) {
  return useQuery({ queryKey: ['orders', 'dashboard-insights'], queryFn: async () => (await dashboardApi.insights()).data, refetchInterval: 60_000, enabled });
}

/** The latest three posts (pinned first) under 'bulletin', so a colleague's new post shows up live. */
export function useLatestPosts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['bulletin', 'latest'],
    queryFn: async () => (await api<TPage<TBulletinPost>>('GET', '/tenant/bulletin-posts', { query: { per_page: 3 } })).data.data,
  });
}
