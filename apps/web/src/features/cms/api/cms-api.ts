import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCmsPage, TCmsPageInput, TCmsPageSummary } from '@tavolo/contracts/cms';
import { api } from '../../../lib/api.ts';

export const cmsKeys = {
  all: ['cms'] as const,
  list: ['cms', 'list'] as const,
  page: (id: string) => ['cms', 'page', id] as const,
};

export const cmsApi = {
  list: () => api<TCmsPageSummary[]>('GET', '/tenant/admin/cms-pages'),
  get: (id: string) => api<TCmsPage>('GET', `/tenant/admin/cms-pages/${id}`),
  create: (input: TCmsPageInput) => api<TCmsPage>('POST', '/tenant/admin/cms-pages', { body: input }),
  update: (id: string, input: TCmsPageInput) => api<TCmsPage>('PUT', `/tenant/admin/cms-pages/${id}`, { body: input }),
  remove: (id: string) => api<null>('DELETE', `/tenant/admin/cms-pages/${id}`),
};

/** Every page: About, Privacy and Terms first (also before they are written), then the custom pages. */
export function useCmsPages() {
  return useQuery({ queryKey: cmsKeys.list, queryFn: async () => (await cmsApi.list()).data });
}

export function useCmsPage(id: string | null) {
  return useQuery({ queryKey: cmsKeys.page(id ?? ''), queryFn: async () => (await cmsApi.get(id!)).data, enabled: Boolean(id) });
}

/** Create (no id) or save a page; the storefront shows pages too, so its cache goes as well. */
export function useSaveCmsPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCmsPageInput }) => (id ? cmsApi.update(id, input) : cmsApi.create(input)),
    onSuccess: (result) => {
      client.setQueryData(cmsKeys.page(result.data.id), result.data);
      return Promise.all([client.invalidateQueries({ queryKey: cmsKeys.list }), client.invalidateQueries({ queryKey: ['storefront'] })]);
    },
  });
}

export function useDeleteCmsPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cmsApi.remove(id),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: cmsKeys.list }), client.invalidateQueries({ queryKey: ['storefront'] })]),
  });
}
