import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TCoupon, TCouponInput } from '@tavolo/contracts/ordering';
import type { TPublicSettings } from '@tavolo/contracts/storefront';
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

/** The restaurant's currency symbol, from its public settings (readable by every role). */
export function useCurrencySymbol(): string {
  const settings = useQuery({ queryKey: ['coupons', 'currency'], queryFn: async () => (await api<TPublicSettings>('GET', '/tenant/settings')).data, staleTime: 5 * 60_000 });
  return settings.data?.currency_symbol ?? '$';
}
