import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TContactMessage, TContactMessagePage, TContactMessageStatus } from '@tavolo/contracts/marketing';
import { api } from '../../../lib/api.ts';

export interface MessageFilters {
  status?: TContactMessageStatus;
  search: string;
  page: number;
  per_page: number;
}

export const messagesKeys = {
  all: ['platform', 'messages'] as const,
  list: (filters: MessageFilters | 'latest') => ['platform', 'messages', 'list', filters] as const,
  one: (id: string) => ['platform', 'messages', 'one', id] as const,
};

/** The operators' contact messages (platform_messages.manage). */
export function useContactMessages(filters: MessageFilters, enabled = true) {
  return useQuery({
    queryKey: messagesKeys.list(filters),
    queryFn: async () => (await api<TContactMessagePage>('GET', '/platform/messages', { query: { ...filters } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The dashboard card: the count of new messages and the latest three. */
export function useLatestMessages(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.list('latest'),
    queryFn: async () => (await api<TContactMessagePage>('GET', '/platform/messages', { query: { per_page: 3 } })).data,
    enabled,
  });
}

export function useContactMessage(id: string | null) {
  return useQuery({
    queryKey: messagesKeys.one(id ?? ''),
    queryFn: async () => (await api<TContactMessage>('GET', `/platform/messages/${id}`)).data,
    enabled: Boolean(id),
  });
}

export function useSetMessageHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, handled }: { id: string; handled: boolean }) => api<TContactMessage>('POST', `/platform/messages/${id}/handled`, { body: { handled } }),
    onSuccess: (result) => {
      client.setQueryData(messagesKeys.one(result.data.id), result.data);
      return client.invalidateQueries({ queryKey: [...messagesKeys.all, 'list'] });
    },
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api<null>('DELETE', `/platform/messages/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [...messagesKeys.all, 'list'] }),
  });
}
