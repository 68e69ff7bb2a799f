import { useLocalStorage } from '@mantine/hooks';
import { can } from '@tavolo/contracts/permissions';
import { useTitleCount } from '../../../components/ui/page-title.ts';
import { useNotifications } from '../api/notifications-api.ts';
import { useWaitingCounts } from '../api/counts-api.ts';
import { useLiveUpdates } from './use-live-updates.ts';
import { useOrderAlerts } from './use-order-alerts.ts';

/** Where the sound choice is kept (per browser; default on). */
export const SOUND_KEY = 'notification-sound';

/**
 * Everything live in the dashboard, mounted once in its layout: the stream (or, while it is down, polling), the
 * bell's list, the sidebar counts, new-order alerts and the count in the tab title (pending orders, or unread
 * notifications for someone who cannot see orders).
 */
export function useLiveDashboard(permissions: readonly string[] | undefined) {
  const { connected } = useLiveUpdates(Boolean(permissions));
  const poll = !connected;
  const notifications = useNotifications({ poll });
  const counts = useWaitingCounts(permissions, poll);
  const [soundOn, setSoundOn] = useLocalStorage({ key: SOUND_KEY, defaultValue: true, getInitialValueInEffect: false });
  const canViewOrders = can(permissions, 'orders.view');
  useOrderAlerts({ list: notifications.data?.data, pendingOrders: canViewOrders ? counts.byKey.orders : 0, soundOn });
  useTitleCount(canViewOrders ? counts.byKey.orders : (notifications.data?.unread_count ?? 0));
  return { connected, notifications, counts, soundOn, setSoundOn };
}

export type LiveDashboard = ReturnType<typeof useLiveDashboard>;
