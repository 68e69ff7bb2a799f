import { useQueries } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import { NOTIFICATIONS_POLL_SECONDS } from '@tavolo/contracts/notifications';
import { can, type TPermission } from '@tavolo/contracts/permissions';
import { api } from '../../../lib/api.ts';

/** What waits for someone: pending orders and reservations, new guest requests (SPEC §7 counts). */
export const COUNTED = [
  { key: 'orders', topic: 'orders', path: '/tenant/orders', status: 'pending', permission: 'orders.view', page: '/dashboard/orders' },
  { key: 'reservations', topic: 'reservations', path: '/tenant/reservations', status: 'pending', permission: 'reservations.view', page: '/dashboard/reservations' },
  { key: 'stock_check', topic: 'requests', path: '/tenant/stock-check-reqs', status: 'new', permission: 'requests.view', page: '/dashboard/stock-check-requests' },
  { key: 'quote', topic: 'requests', path: '/tenant/quote-requests', status: 'new', permission: 'requests.view', page: '/dashboard/quote-requests' },
  { key: 'contact', topic: 'requests', path: '/tenant/contact-requests', status: 'new', permission: 'requests.view', page: '/dashboard/contact-reqs' },
] as const satisfies readonly { key: string; topic: string; path: string; status: string; permission: TPermission; page: string }[];

export type CountKey = (typeof COUNTED)[number]['key'];

/**
 * The sidebar badges, one count per page the user may open: `per_page=1`, reading `data.total` (SPEC §7). Keys
 * start with the live topic, so the stream refreshes them; while the stream is down they are polled with the
 * notifications. A failure counts as 0 (SPEC §8).
 */
export function useWaitingCounts(permissions: readonly string[] | undefined, poll: boolean): { byKey: Record<CountKey, number>; byPage: Record<string, number> } {
  const results = useQueries({
    queries: COUNTED.map((entry) => ({
      queryKey: [entry.topic, 'count', entry.key],
      queryFn: async () => {
        try {
          return (await api<TPage<unknown>>('GET', entry.path, { query: { status: entry.status, per_page: 1 } })).data.total;
        } catch {
          return 0;
        }
      },
      enabled: can(permissions, entry.permission),
      refetchInterval: poll ? NOTIFICATIONS_POLL_SECONDS * 1000 : (false as const),
      staleTime: 0,
    })),
  });
  const byKey = Object.fromEntries(COUNTED.map((entry, i) => [entry.key, can(permissions, entry.permission) ? (results[i]!.data ?? 0) : 0])) as Record<CountKey, number>;
  const byPage = Object.fromEntries(COUNTED.map((entry) => [entry.page, byKey[entry.key]]));
  return { byKey, byPage };
}
