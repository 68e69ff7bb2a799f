import { AppError } from '@tavolo/contracts/errors';
import { formatCalendarDate, formatMoney, hasMessage, messagePlaceholders, translate, type TLanguage } from '@tavolo/contracts/i18n';
import type { TLiveTopic } from '@tavolo/contracts/live';
import { NOTIFICATION_KIND_LINK, NOTIFICATION_KIND_PERMISSION, NOTIFICATIONS_LIMIT, type TNotification, type TNotificationList } from '@tavolo/contracts/notifications';
import { can, type TPermission } from '@tavolo/contracts/permissions';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { createNotificationsRepo, type Hidden, type NotificationRow } from './notifications.repo.ts';

/** Who asks: the restaurant and the permissions of the signed-in user's role. */
export interface Viewer {
  tenantId: string;
  permissions: readonly string[];
  lang: TLanguage;
}

/** Which live topics a user may hear about; null: every team member. */
const TOPIC_PERMISSION: Record<TLiveTopic, TPermission | null> = {
  notifications: null,
  orders: 'orders.view',
  reservations: 'reservations.view',
  requests: 'requests.view',
  bulletin: null,
};

/** The topics of an event this user may receive (staff without requests.view never hear of requests). */
export function topicsFor(permissions: readonly string[], topics: readonly TLiveTopic[]): TLiveTopic[] {
  return topics.filter((topic) => {
    const needed = TOPIC_PERMISSION[topic];
    return needed === null || can(permissions, needed);
  });
}

export function hiddenFor(permissions: readonly string[]): Hidden {
  return {
    kinds: Object.entries(NOTIFICATION_KIND_PERMISSION)
      .filter(([, permission]) => !can(permissions, permission))
      .map(([kind]) => kind),
    orders: !can(permissions, 'orders.view'),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Title and message in the reader's language from the stored kind and data. A kind without texts, or data
 * missing a value its texts need (written by an older or newer version), falls back to the generic text
 * rather than showing a half-filled sentence.
 */
export function renderNotification(lang: TLanguage, row: Pick<NotificationRow, 'kind' | 'data'>): { title: string; message: string } {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(row.data ?? {})) params[key] = typeof value === 'string' && ISO_DATE.test(value) ? formatCalendarDate(lang, value) : value;
  if (typeof row.data?.guests === 'number') params.party = translate(lang, `notifications.party_${row.data.guests === 1 ? 'one' : 'other'}`, { count: row.data.guests });
  if (typeof row.data?.total_cents === 'number') params.total = formatMoney(lang, row.data.total_cents, String(row.data.currency ?? ''));
  if (row.data?.available !== undefined) params.availability = translate(lang, row.data.available ? 'notifications.available' : 'notifications.unavailable');

  const base = `notifications.kinds.${row.kind}`;
  if (/^\w+$/.test(row.kind) && hasMessage(`${base}.title`)) {
    const needed = [...messagePlaceholders(`${base}.title`), ...messagePlaceholders(`${base}.message`)];
    if (needed.every((name) => params[name] !== undefined && params[name] !== '')) {
      return { title: translate(lang, `${base}.title`, params), message: translate(lang, `${base}.message`, params) };
    }
  }
  return { title: translate(lang, 'notifications.kinds.generic.title'), message: translate(lang, 'notifications.kinds.generic.message') };
}


export function toNotification(lang: TLanguage, row: NotificationRow): TNotification {
  const page = NOTIFICATION_KIND_LINK[row.kind] ?? (row.orderId ? '/dashboard/orders' : null);
  const link = page && row.orderId && page === '/dashboard/orders' ? `${page}?order_id=${row.orderId}` : page;
  return { id: row.id, kind: row.kind, ...renderNotification(lang, row), created_at: row.createdAt.toISOString(), is_read: row.isRead, order_id: row.orderId, link };
}

/** The bell: what a user may see of the restaurant's notifications, and reading them (read state is shared by the team). */
export function createNotificationsService(deps: { db: Db; live?: LiveEvents }) {
  const repo = createNotificationsRepo(deps.db);
  const changed = (tenantId: string) => deps.live?.publish(tenantId, { topics: ['notifications'] });
  return {
    async list(viewer: Viewer): Promise<TNotificationList> {
      const hidden = hiddenFor(viewer.permissions);
      const [rows, unread] = await Promise.all([repo.latest(viewer.tenantId, hidden, NOTIFICATIONS_LIMIT), repo.unreadCount(viewer.tenantId, hidden)]);
      return { data: rows.map((row) => toNotification(viewer.lang, row)), unread_count: unread };
    },

    /** 404 for an id of another restaurant, or one this user may not see. */
    async markRead(viewer: Viewer, id: string): Promise<{ id: string; is_read: true }> {
      if (!(await repo.markRead(viewer.tenantId, hiddenFor(viewer.permissions), id))) throw new AppError('NOT_FOUND');
      changed(viewer.tenantId);
      return { id, is_read: true };
    },

    /** Marks read what this user sees (a waiter's click leaves the manager's unseen requests alone). */
    async markAllRead(viewer: Viewer): Promise<{ updated: number }> {
      const updated = await repo.markAllRead(viewer.tenantId, hiddenFor(viewer.permissions));
      if (updated > 0) changed(viewer.tenantId);
      return { updated };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
