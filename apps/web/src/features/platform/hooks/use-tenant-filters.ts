import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { PLAN_IDS, type TPlanId } from '@tavolo/contracts/plans';
import { TENANT_SORTS, type TTenantSort } from '@tavolo/contracts/platform';
import { TENANT_STATUSES, type TTenantStatus } from '@tavolo/contracts/tenant';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';

export interface TenantFilters {
  search: string;
  status: TTenantStatus | '';
  plan: TPlanId | '';
  upgrade: boolean;
  sort: TTenantSort;
  page: number;
  per_page: number;
}

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T | ''): T | '' => (options.includes(value as T) ? (value as T) : fallback);

/** Search, filters, sort, page and the open restaurant (`?tenant=`, `?edit=`), all in the URL. */
export function useTenantFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<TenantFilters>(
    () => ({
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), TENANT_STATUSES, ''),
      plan: oneOf(params.get('plan'), PLAN_IDS, ''),
      upgrade: params.get('upgrade') === 'true',
      sort: oneOf(params.get('sort'), TENANT_SORTS, 'newest') as TTenantSort,
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_CHOICES, '20')),
    }),
    [params],
  );

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<TenantFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const name = key === 'upgrade' ? 'upgrade' : key;
            if (value === '' || value === false || (key === 'sort' && value === 'newest')) next.delete(name);
            else next.set(name, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** Opens (or closes, with null) the view or the edit form of one restaurant. */
  const open = useCallback(
    (which: 'tenant' | 'edit', id: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(which, id);
        else next.delete(which);
        return next;
      });
    },
    [setParams],
  );

  return { filters, update, viewId: params.get('tenant'), editId: params.get('edit'), open };
}
