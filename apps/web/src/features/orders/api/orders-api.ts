import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TOrder, TOrderStatus, TOrderStatusChangeRequest } from '@tavolo/contracts/orders';
import { AppError, api } from '../../../lib/api.ts';

/** What the list asks the server for; every filter is applied there, not in the browser. */
export interface OrdersQuery {
  status?: TOrderStatus;
  search?: string;
  page: number;
  per_page: number;
}

/** New orders arrive without a reload: the list and the open order poll (SPEC §9: 20 s). */
export const ORDERS_REFRESH_MS = 20_000;

export const orderKeys = {
  all: ['orders'] as const,
  list: (query: OrdersQuery) => ['orders', 'list', query] as const,
  pendingCount: ['orders', 'pending-count'] as const,
  one: (id: string) => ['orders', 'one', id] as const,
};

export const ordersApi = {
  list: (query: OrdersQuery) => api<TPage<TOrder>>('GET', '/tenant/orders', { query: { ...query } }),
  get: (id: string) => api<TOrder>('GET', `/tenant/orders/${id}`),
  changeStatus: (id: string, body: TOrderStatusChangeRequest) => api<TOrder>('PATCH', `/tenant/orders/${id}/status`, { body }),
};

/** One page of orders, newest first; the previous page stays on screen while the next loads. */
export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: async () => (await ordersApi.list(query)).data,
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

/** How many orders wait for an answer (badge on the Pending tab); a failure just hides the badge. */
export function usePendingOrdersCount() {
  return useQuery({
    queryKey: orderKeys.pendingCount,
    queryFn: async () => (await ordersApi.list({ status: 'pending', page: 1, per_page: 1 })).data.total,
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: async () => (await ordersApi.get(id!)).data,
    enabled: Boolean(id),
    refetchInterval: ORDERS_REFRESH_MS,
    // A wrong or foreign id in ?order_id= will not appear by asking again.
    retry: (count, error) => count < 2 && !(error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')),
  });
}

export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & TOrderStatusChangeRequest) => ordersApi.changeStatus(id, body),
    onSuccess: ({ data }) => client.setQueryData(orderKeys.one(data.id), data),
    // An illegal transition means someone else moved the order: refresh everything either way.
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
