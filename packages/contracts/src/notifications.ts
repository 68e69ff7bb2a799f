import type { TPermission } from './permissions.ts';

/**
 * The dashboard's notification bell (SPEC §7): GET /api/tenant/notifications (polled every 20 s when the live
 * stream is down), POST /api/tenant/notifications/:id/read and POST /api/tenant/notifications/mark-all-read.
 * Title and message are rendered on the server in the request's language from the stored kind and data.
 */

/** How many notifications the bell shows (the newest). */
export const NOTIFICATIONS_LIMIT = 30;
/** SPEC §9: the fallback poll while the live stream is down. */
export const NOTIFICATIONS_POLL_SECONDS = 20;

/**
 * What a user must be allowed to see for each kind. Kinds not listed here (added later) are shown to
 * everyone, with a generic text, unless they point at an order (then orders.view).
 */
export const NOTIFICATION_KIND_PERMISSION: Record<string, TPermission> = {
  order: 'orders.view',
  // It asks the reader to accept or reject the order: for those who can.
  order_waiting: 'orders.manage',
  ordering_paused: 'orders.view',
  reservation: 'reservations.view',
  reservation_cancelled: 'reservations.view',
  contact: 'requests.view',
  stock_check: 'requests.view',
  quote: 'requests.view',
};

/** The dashboard page a kind opens (orders with an id open that order). */
export const NOTIFICATION_KIND_LINK: Record<string, string> = {
  order: '/dashboard/orders',
  order_waiting: '/dashboard/orders',
  ordering_paused: '/dashboard/orders',
  reservation: '/dashboard/reservations',
  reservation_cancelled: '/dashboard/reservations',
  contact: '/dashboard/contact-reqs',
  stock_check: '/dashboard/stock-check-requests',
  quote: '/dashboard/quote-requests',
};

export interface TNotification {
  id: string;
  kind: string;
  title: string;
  message: string;
  created_at: string;
  is_read: boolean;
  order_id: string | null;
  /** Dashboard path to open, e.g. /dashboard/orders?order_id=…; null when there is nothing to open. */
  link: string | null;
}

export interface TNotificationList {
  /** The newest NOTIFICATIONS_LIMIT the user may see, newest first. */
  data: TNotification[];
  /** Unread among all the user may see (not only the listed ones). */
  unread_count: number;
}
