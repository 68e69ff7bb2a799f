import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { PRODUCT_ADMIN_SORTS, type TAdminProductsQuery } from '@tavolo/contracts/menu';

export type TProductSort = (typeof PRODUCT_ADMIN_SORTS)[number];
export type TProductStatus = 'all' | 'active' | 'inactive';
export const PER_PAGE_OPTIONS = ['10', '15', '25', '50'] as const;

export interface ProductFilters {
  search: string;
  category_id: string | null;
  status: TProductStatus;
  sort: TProductSort;
  direction: 'asc' | 'desc';
  page: number;
  per_page: number;
}

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);

/** The product table's search, filters, sort and page, kept in the URL so reload and back/forward keep them. */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<ProductFilters>(
    () => ({
      search: params.get('search') ?? '',
      category_id: params.get('category_id') || null,
      status: oneOf(params.get('status'), ['all', 'active', 'inactive'] as const, 'all'),
      sort: oneOf(params.get('sort'), PRODUCT_ADMIN_SORTS, 'sort_order'),
      direction: oneOf(params.get('direction'), ['asc', 'desc'] as const, 'asc'),
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_OPTIONS, '15')),
    }),
    [params],
  );

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<ProductFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
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

  const query = useMemo<TAdminProductsQuery>(
    () => ({
      search: filters.search.trim() || undefined,
      category_id: filters.category_id ?? undefined,
      status: filters.status,
      sort: filters.sort,
      direction: filters.direction,
      page: filters.page,
      per_page: filters.per_page,
    }),
    [filters],
  );

  return { filters, query, update };
}
