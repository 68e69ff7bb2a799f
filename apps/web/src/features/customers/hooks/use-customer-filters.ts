import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { CUSTOMER_SORTS, type TCustomerSort } from '@tavolo/contracts/customers';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';

export interface CustomerFilters {
  search: string;
  sort: TCustomerSort;
  page: number;
  per_page: number;
}

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);

/** Search, sort, page and the open customer (`?customer=` with the opaque key), all in the URL. */
export function useCustomerFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<CustomerFilters>(
    () => ({
      search: params.get('search') ?? '',
      sort: oneOf(params.get('sort'), CUSTOMER_SORTS, 'last_visit'),
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_CHOICES, '20')),
    }),
    [params],
  );
  const customerKey = params.get('customer') || null;

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<CustomerFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || (key === 'sort' && value === 'last_visit')) next.delete(key);
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

  const openCustomer = useCallback(
    (key: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (key) next.set('customer', key);
        else next.delete('customer');
        return next;
      });
    },
    [setParams],
  );

  return { filters, update, customerKey, openCustomer };
}
