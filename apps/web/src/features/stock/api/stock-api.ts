import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TStockAdjustment, TStockAdjustmentResult, TStockLevel, TStockMovement, TStockQuery } from '@tavolo/contracts/stock';
import { api } from '../../../lib/api.ts';

export const stockKeys = {
  all: ['stock'] as const,
  list: (query: TStockQuery) => ['stock', 'levels', query] as const,
  movements: (productId: string, page: number) => ['stock', 'movements', productId, page] as const,
};

export const stockApi = {
  list: (query: TStockQuery) => api<TPage<TStockLevel>>('GET', '/tenant/stock', { query }),
  movements: (productId: string, page: number) => api<TPage<TStockMovement>>('GET', `/tenant/stock/${productId}/movements`, { query: { page, per_page: 20 } }),
  adjust: (productId: string, input: TStockAdjustment) => api<TStockAdjustmentResult>('POST', `/tenant/stock/${productId}/adjustments`, { body: input }),
};

/** One page of tracked products with their levels; the previous page stays on screen while the next loads. */
export function useStockLevels(query: TStockQuery) {
  return useQuery({ queryKey: stockKeys.list(query), queryFn: async () => (await stockApi.list(query)).data, placeholderData: keepPreviousData });
}

export function useStockMovements(productId: string | null, page: number) {
  return useQuery({
    queryKey: stockKeys.movements(productId ?? '', page),
    queryFn: async () => (await stockApi.movements(productId!, page)).data,
    enabled: Boolean(productId),
    placeholderData: keepPreviousData,
  });
}

// Levels show on the products pages too, so those refresh as well.
export function useAdjustStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: string; input: TStockAdjustment }) => stockApi.adjust(productId, input),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: stockKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}
