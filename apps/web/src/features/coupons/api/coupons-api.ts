import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TCoupon, TCouponInput } from '@tavolo/contracts/ordering';
import { api } from '../../../lib/api.ts';

export interface CouponsQuery {
  search?: string;
  page: number;
  per_page: number;
}

export const couponKeys = {
  all: ['coupons'] as const,
  list: (query: CouponsQuery) => ['coupons', 'list', query] as const,
};

export const couponsApi = {
  list: (query: CouponsQuery) => api<TPage<TCoupon>>('GET', '/tenant/coupons', { query: { ...query } }),
  create: (input: TCouponInput) => api<TCoupon>('POST', '/tenant/coupons', { body: input }),
  update: (id: string, input: TCouponInput) => api<TCoupon>('PUT', `/tenant/coupons/${id}`, { body: input }),
  remove: (id: string) => api<null>('DELETE', `/tenant/coupons/${id}`),
};

/** One page of coupons; the previous page stays on screen while the next loads. */
export function useCoupons(query: CouponsQuery) {
  return useQuery({ queryKey: couponKeys.list(query), queryFn: async () => (await couponsApi.list(query)).data, placeholderData: keepPreviousData });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCouponInput }) => (id ? couponsApi.update(id, input) : couponsApi.create(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => couponsApi.remove(id), onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }) });
}
