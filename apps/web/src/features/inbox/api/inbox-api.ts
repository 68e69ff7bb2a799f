import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import {
  INBOX_PATHS,
  type TInboxDetail,
  type TInboxItemOf,
  type TInboxKind,
  type TInboxReplyInput,
  type TInboxSort,
  type TSubscriber,
  type TSubscribersQuery,
} from '@tavolo/contracts/inbox';
import { AppError, api } from '../../../lib/api.ts';
import { downloadFromApi } from '../../../lib/download.ts';

/** What a list asks the server for; every filter is applied there. `from`/`to` only mean something for reservations. */
export interface InboxQuery {
  status?: string;
  search?: string;
  sort: TInboxSort;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

/** Fallback to the live stream: lists and the open request refresh now and then on their own. */
const REFRESH_MS = 30_000;

/** Query keys start with the live topic, so a `reservations` or `requests` event refreshes exactly these. */
export const inboxKeys = {
  all: (kind: TInboxKind) => [kind === 'reservation' ? 'reservations' : 'requests', kind] as const,
  list: (kind: TInboxKind, query: InboxQuery) => [...inboxKeys.all(kind), 'list', query] as const,
  one: (kind: TInboxKind, id: string) => [...inboxKeys.all(kind), 'one', id] as const,
};

const base = (kind: TInboxKind) => `/tenant/${INBOX_PATHS[kind]}`;

export const inboxApi = {
  list: <K extends TInboxKind>(kind: K, query: InboxQuery) =>
    api<TPage<TInboxItemOf<K>>>('GET', base(kind), { query: { ...query, ...(kind === 'reservation' ? {} : { from: undefined, to: undefined }) } }),
  get: <K extends TInboxKind>(kind: K, id: string) => api<TInboxDetail<K>>('GET', `${base(kind)}/${id}`),
  changeStatus: <K extends TInboxKind>(kind: K, id: string, body: { status: string; reason?: string }) => api<TInboxDetail<K>>('PATCH', `${base(kind)}/${id}/status`, { body }),
  reply: <K extends TInboxKind>(kind: K, id: string, body: TInboxReplyInput) => api<TInboxDetail<K>>('POST', `${base(kind)}/${id}/replies`, { body }),
};

export function useInboxList<K extends TInboxKind>(kind: K, query: InboxQuery) {
  return useQuery({
    queryKey: inboxKeys.list(kind, query),
    queryFn: async () => (await inboxApi.list(kind, query)).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useInboxItem<K extends TInboxKind>(kind: K, id: string | null) {
  return useQuery({
    queryKey: inboxKeys.one(kind, id ?? ''),
    queryFn: async () => (await inboxApi.get(kind, id!)).data,
    enabled: Boolean(id),
    refetchInterval: REFRESH_MS,
    // A wrong or foreign id in the URL will not appear by asking again.
    retry: (count, error) => count < 2 && !(error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')),
  });
}

/** Status changes and replies answer with the updated request: shown at once, then the lists catch up. */
function useInboxWrite<K extends TInboxKind, V>(kind: K, call: (vars: V) => Promise<{ data: TInboxDetail<K>; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ data }) => client.setQueryData(inboxKeys.one(kind, data.id), data),
    // A refused step means someone else moved it first: refresh either way.
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.all(kind) }),
  });
}

export const useChangeInboxStatus = <K extends TInboxKind>(kind: K) =>
  useInboxWrite(kind, ({ id, ...body }: { id: string; status: string; reason?: string }) => inboxApi.changeStatus(kind, id, body));

export const useSendReply = <K extends TInboxKind>(kind: K) => useInboxWrite(kind, ({ id, ...body }: { id: string } & TInboxReplyInput) => inboxApi.reply(kind, id, body));

// Newsletter subscribers.

export const subscriberKeys = {
  all: ['subscribers'] as const,
  list: (query: TSubscribersQuery) => ['subscribers', 'list', query] as const,
};

export function useSubscribers(query: TSubscribersQuery) {
  return useQuery({
    queryKey: subscriberKeys.list(query),
    queryFn: async () => (await api<TPage<TSubscriber>>('GET', '/tenant/subscribers', { query: { ...query } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRemoveSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>('DELETE', `/tenant/subscribers/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: subscriberKeys.all }),
  });
}

export function useExportSubscribers() {
  return useMutation({ mutationFn: () => downloadFromApi('/tenant/subscribers/export.csv', 'subscribers.csv') });
}
