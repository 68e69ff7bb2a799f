import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TAdminProduct, TAdminProductsQuery, TBulkProductStatusResult, TProductInput } from '@tavolo/contracts/menu';
import type { TProductRoom } from '@tavolo/contracts/plans';
import { api } from '../../../lib/api.ts';

export const productKeys = {
  all: ['menu', 'products'] as const,
  list: (query: TAdminProductsQuery) => ['menu', 'products', 'list', query] as const,
  one: (id: string) => ['menu', 'products', 'one', id] as const,
  // Under `all`: every change to the menu counts again.
  room: ['menu', 'products', 'room'] as const,
};

export const productsApi = {
  list: (query: TAdminProductsQuery) => api<TPage<TAdminProduct>>('GET', '/tenant/products', { query }),
  get: (id: string) => api<TAdminProduct>('GET', `/tenant/products/${id}`),
  create: (input: TProductInput) => api<TAdminProduct>('POST', '/tenant/products', { body: input }),
  update: (id: string, input: TProductInput) => api<TAdminProduct>('PUT', `/tenant/products/${id}`, { body: input }),
  remove: (id: string) => api<unknown>('DELETE', `/tenant/products/${id}`),
  bulkStatus: (ids: string[], isActive: boolean) => api<TBulkProductStatusResult>('PATCH', '/tenant/products/bulk-status', { body: { ids, is_active: isActive } }),
};

/** How many dishes there are and how many the plan holds (the Products page says when it is full). */
export function useProductRoom(enabled: boolean) {
  return useQuery({ queryKey: productKeys.room, queryFn: async () => (await api<TProductRoom>('GET', '/tenant/plan/product-room')).data, enabled });
}

/** One page of the back-office product table; the previous page stays on screen while the next loads. */
export function useAdminProducts(query: TAdminProductsQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: async () => (await productsApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: productKeys.one(id ?? ''),
    queryFn: async () => (await productsApi.get(id!)).data,
    enabled: Boolean(id),
  });
}

// Category product counts change with products, so the categories refresh too.
const refreshMenu = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([client.invalidateQueries({ queryKey: productKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'categories'] })]);

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TProductInput }) => (id ? productsApi.update(id, input) : productsApi.create(input)),
    onSuccess: () => refreshMenu(client),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => productsApi.remove(id), onSuccess: () => refreshMenu(client) });
}

export function useBulkProductStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, isActive }: { ids: string[]; isActive: boolean }) => productsApi.bulkStatus(ids, isActive),
    onSettled: () => refreshMenu(client),
  });
}
