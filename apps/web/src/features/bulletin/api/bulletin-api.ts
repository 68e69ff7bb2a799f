import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBulletinPost, TBulletinPostInput, TBulletinQuery } from '@tavolo/contracts/bulletin';
import type { TPage } from '@tavolo/contracts/envelope';
import { api } from '../../../lib/api.ts';

/** Every key starts with 'bulletin': the live stream refreshes them when a colleague posts. */
export const bulletinKeys = {
  all: ['bulletin'] as const,
  list: (query: TBulletinQuery) => ['bulletin', 'list', query] as const,
};

const URL_ = '/tenant/bulletin-posts';

export function useBulletin(query: TBulletinQuery) {
  return useQuery({
    queryKey: bulletinKeys.list(query),
    queryFn: async () => (await api<TPage<TBulletinPost>>('GET', URL_, { query: { ...query } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or edit (id) a post. */
export function useSaveBulletinPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TBulletinPostInput }) => (id ? api<TBulletinPost>('PUT', `${URL_}/${id}`, { body }) : api<TBulletinPost>('POST', URL_, { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: bulletinKeys.all }),
  });
}

export function useDeleteBulletinPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>('DELETE', `${URL_}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: bulletinKeys.all }),
  });
}
