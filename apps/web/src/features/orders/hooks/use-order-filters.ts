import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ORDER_SORTS, ORDER_SOURCES, ORDER_STATUSES, ORDER_TYPES, type TOrderSort, type TOrderSource, type TOrderStatus, type TOrderType } from '@tavolo/contracts/orders';
import type { OrdersQuery } from '../api/orders-api.ts';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';
import { rangeEnd } from '../../../components/ui/date-range-fields.tsx';

export type TOrderStatusFilter = 'all' | TOrderStatus;
export const STATUS_FILTERS: readonly TOrderStatusFilter[] = ['all', ...ORDER_STATUSES];

export type TOrderTypeFilter = 'all' | TOrderType;
export type TOrderSourceFilter = 'all' | TOrderSource;
export const TYPE_FILTERS: readonly TOrderTypeFilter[] = ['all', ...ORDER_TYPES];
export const SOURCE_FILTERS: readonly TOrderSourceFilter[] = ['all', ...ORDER_SOURCES];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface OrderFilters {
  search: string;
  status: TOrderStatusFilter;
  type: TOrderTypeFilter;
  source: TOrderSourceFilter;
  /** YYYY-MM-DD, days on the restaurant's clock; '' for open-ended. */
  from: string;
  to: string;
  sort: TOrderSort;
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
      type: oneOf(params.get('type'), TYPE_FILTERS, 'all'),
      source: oneOf(params.get('source'), SOURCE_FILTERS, 'all'),
      from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
      to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
      sort: oneOf(params.get('sort'), ORDER_SORTS, 'newest'),
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_CHOICES, '20')),
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
            // Defaults stay out of the URL.
            if (value === null || value === undefined || value === '' || value === 'all' || (key === 'sort' && value === 'newest')) next.delete(key);
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
      type: filters.type === 'all' ? undefined : filters.type,
      source: filters.source === 'all' ? undefined : filters.source,
      from: filters.from || undefined,
      to: rangeEnd(filters.from, filters.to),
      sort: filters.sort === 'newest' ? undefined : filters.sort,
      search: filters.search.trim() || undefined,
      page: filters.page,
      per_page: filters.per_page,
    }),
    [filters],
  );

  /** Anything narrowing the list besides the status tab (for "reset filters"). */
  const narrowed = Boolean(filters.search || filters.type !== 'all' || filters.source !== 'all' || filters.from || filters.to);

  return { filters, query, update, orderId, openOrder, narrowed };
}
