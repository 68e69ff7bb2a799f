import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TAdminProduct } from '@tavolo/contracts/menu';
import type {
  TOrder,
  TOrderingOptions,
  TOrderingState,
  TOrderQuote,
  TOrderQuoteRequest,
  TOrderSort,
  TOrderSource,
  TOrderStatus,
  TOrderStatusChangeRequest,
  TOrderType,
  TPhoneOrderRequest,
  TPhoneOrderResult,
} from '@tavolo/contracts/orders';
import { AppError, api } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** What the list asks the server for; every filter is applied there, not in the browser. */
export interface OrdersQuery {
  status?: TOrderStatus;
  type?: TOrderType;
  source?: TOrderSource;
  /** YYYY-MM-DD on the restaurant's clock. */
  from?: string;
  to?: string;
  sort?: TOrderSort;
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
  ordering: ['orders', 'ordering'] as const,
  options: ['orders', 'options'] as const,
  quote: (body: TOrderQuoteRequest) => ['orders', 'quote', body] as const,
  dishes: (search: string) => ['orders', 'dishes', search] as const,
};

export const ordersApi = {
  list: (query: OrdersQuery) => api<TPage<TOrder>>('GET', '/tenant/orders', { query: { ...query } }),
  get: (id: string) => api<TOrder>('GET', `/tenant/orders/${id}`),
  changeStatus: (id: string, body: TOrderStatusChangeRequest) => api<TOrder>('PATCH', `/tenant/orders/${id}/status`, { body }),
  ordering: () => api<TOrderingState>('GET', '/tenant/orders/ordering'),
  resume: () => api<TOrderingState>('POST', '/tenant/orders/ordering/resume'),
  options: () => api<TOrderingOptions>('GET', '/tenant/orders/options', { query: { source: 'phone' } }),
  quote: (body: TOrderQuoteRequest) => api<TOrderQuote>('POST', '/tenant/orders/quote', { body }),
  phoneOrder: (body: TPhoneOrderRequest, key: string) => api<TPhoneOrderResult>('POST', '/tenant/orders/phone', { body, headers: { 'Idempotency-Key': key } }),
  dishes: (search: string) =>
    api<TPage<TAdminProduct>>('GET', '/tenant/products', { query: { search: search || undefined, status: 'active', sort: 'name', per_page: 30 } }),
};

/** One page of orders, newest first; the previous page stays on screen while the next loads. */
export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: async () => (await ordersApi.list(query)).data,
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(ORDERS_REFRESH_MS),
  });
}

/** How many orders wait for an answer (badge on the Pending tab); a failure just hides the badge. */
export function usePendingOrdersCount() {
  return useQuery({
    queryKey: orderKeys.pendingCount,
    queryFn: async () => (await ordersApi.list({ status: 'pending', page: 1, per_page: 1 })).data.total,
    refetchInterval: usePollInterval(ORDERS_REFRESH_MS),
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: async () => (await ordersApi.get(id!)).data,
    enabled: Boolean(id),
    refetchInterval: usePollInterval(ORDERS_REFRESH_MS),
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

/** Whether online ordering runs and whether an unaccepted order paused it (the banner); refreshed by the live stream. */
export function useOrderingState() {
  return useQuery({ queryKey: orderKeys.ordering, queryFn: async () => (await ordersApi.ordering()).data, refetchInterval: usePollInterval(ORDERS_REFRESH_MS) });
}

export function useResumeOrdering() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ordersApi.resume(),
    onSuccess: ({ data }) => client.setQueryData(orderKeys.ordering, data),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Today's hours, order types and times for a phone order (the same answer the checkout gets). */
export function useOrderingOptions(enabled: boolean) {
  return useQuery({ queryKey: orderKeys.options, queryFn: async () => (await ordersApi.options()).data, enabled, staleTime: 30_000 });
}

/** Active dishes matching a search, for picking a phone order's lines. */
export function useDishSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.dishes(search),
    queryFn: async () => (await ordersApi.dishes(search)).data.data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The server's prices for a phone order's lines (the client never computes money). */
export function usePhoneOrderQuote(body: TOrderQuoteRequest | null) {
  return useQuery({
    queryKey: orderKeys.quote(body ?? { items: [] }),
    queryFn: async () => (await ordersApi.quote(body!)).data,
    enabled: Boolean(body && body.items.length),
    placeholderData: keepPreviousData,
  });
}

export function usePlacePhoneOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPhoneOrderRequest; key: string }) => ordersApi.phoneOrder(body, key),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
