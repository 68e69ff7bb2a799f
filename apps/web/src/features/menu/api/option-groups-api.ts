import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOptionGroup, TOptionGroupInput } from '@tavolo/contracts/ordering';
import { api } from '../../../lib/api.ts';

export const optionGroupKeys = { all: ['menu', 'option-groups'] as const };

export const optionGroupsApi = {
  list: () => api<TOptionGroup[]>('GET', '/tenant/option-groups'),
  create: (input: TOptionGroupInput) => api<TOptionGroup>('POST', '/tenant/option-groups', { body: input }),
  update: (id: string, input: TOptionGroupInput) => api<TOptionGroup>('PUT', `/tenant/option-groups/${id}`, { body: input }),
  remove: (id: string) => api<unknown>('DELETE', `/tenant/option-groups/${id}`),
};

export function useOptionGroups(enabled = true) {
  return useQuery({ queryKey: optionGroupKeys.all, queryFn: async () => (await optionGroupsApi.list()).data, enabled });
}

/** Create (no id) or update; products list their groups, so they refresh too. */
export function useSaveOptionGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TOptionGroupInput }) => (id ? optionGroupsApi.update(id, input) : optionGroupsApi.create(input)),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: optionGroupKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}

export function useDeleteOptionGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => optionGroupsApi.remove(id),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: optionGroupKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}
