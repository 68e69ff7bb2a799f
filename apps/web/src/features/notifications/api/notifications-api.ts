import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationList } from '@tavolo/contracts/notifications';
import { NOTIFICATIONS_POLL_SECONDS } from '@tavolo/contracts/notifications';
import { api } from '../../../lib/api.ts';

/** Every key starts with its live topic, so the stream's `notifications` event refreshes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

export const notificationsApi = {
  list: () => api<TNotificationList>('GET', '/tenant/notifications'),
  markRead: (id: string) => api<{ id: string; is_read: true }>('POST', `/tenant/notifications/${id}/read`),
  markAllRead: () => api<{ updated: number }>('POST', '/tenant/notifications/mark-all-read'),
};

/**
 * The bell's list. With the live stream up, events refresh it; while the stream is down it is polled every
 * 20 s (SPEC §9). Failures are silent (SPEC §8): the bell keeps what it had, or shows nothing.
 */
export function useNotifications({ poll }: { poll: boolean }) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: async () => (await notificationsApi.list()).data,
    refetchInterval: poll ? NOTIFICATIONS_POLL_SECONDS * 1000 : false,
    staleTime: 0,
  });
}

/** Marks one read at once on screen (the server agrees or the next refresh corrects it). */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => notificationsApi.markRead(id),
    onMutate: (id) => {
      client.setQueryData<TNotificationList>(notificationKeys.list, (list) => {
        const target = list?.data.find((n) => n.id === id);
        if (!list || !target || target.is_read) return list;
        return { data: list.data.map((n) => (n.id === id ? { ...n, is_read: true } : n)), unread_count: Math.max(0, list.unread_count - 1) };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onMutate: () => {
      client.setQueryData<TNotificationList>(notificationKeys.list, (list) => list && { data: list.data.map((n) => ({ ...n, is_read: true })), unread_count: 0 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
