import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type TOrderStatus } from '@tavolo/contracts/orders';
import type { OrdersQuery } from '../api/orders-api.ts';

export type TOrderStatusFilter = 'all' | TOrderStatus;
export const STATUS_FILTERS: readonly TOrderStatusFilter[] = ['all', ...ORDER_STATUSES];
export const PER_PAGE_OPTIONS = ['10', '20', '50'] as const;

export interface OrderFilters {
  search: string;
  status: TOrderStatusFilter;
  page: number;
  per_page: number;
}

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);

/**
 * Search, status tab and page of the orders list, plus the open order (SPEC §2.3: `?order_id=`),
 * all in the URL so a reload, a shared link or back/forward shows the same screen.
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<OrderFilters>(
    () => ({
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), STATUS_FILTERS, 'all'),
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_OPTIONS, '20')),
    }),
    [params],
  );
  const orderId = params.get('order_id') || null;

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<OrderFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '' || (key === 'status' && value === 'all')) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** Opening an order is a history entry, so the back button closes it again. */
  const openOrder = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('order_id', id);
          else next.delete('order_id');
          return next;
        },
        { replace: !id },
      );
    },
    [setParams],
  );

  const query = useMemo<OrdersQuery>(
    () => ({
      status: filters.status === 'all' ? undefined : filters.status,
      search: filters.search.trim() || undefined,
      page: filters.page,
      per_page: filters.per_page,
    }),
    [filters],
  );

  return { filters, query, update, orderId, openOrder };
}
