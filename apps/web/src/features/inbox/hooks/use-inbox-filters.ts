import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import type { TInboxSort } from '@tavolo/contracts/inbox';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';
import type { InboxQuery } from '../api/inbox-api.ts';
import { rangeEnd } from '../../../components/ui/date-range-fields.tsx';

export interface InboxFilters {
  search: string;
  /** 'all' or one of the kind's statuses. */
  status: string;
  sort: TInboxSort;
  from: string;
  to: string;
  page: number;
  per_page: number;
}

const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Search, status, sort, date range and page of an inbox list, plus the open request (`?id=`), all in the URL,
 * so a reload, a shared link or back/forward shows the same screen.
 */
export function useInboxFilters(statuses: readonly string[], sorts: readonly TInboxSort[]) {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<InboxFilters>(
    () => ({
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), ['all', ...statuses], 'all'),
      sort: oneOf(params.get('sort'), sorts, 'newest'),
      from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
      to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number(oneOf(params.get('per_page'), PER_PAGE_CHOICES, '20')),
    }),
    [params, statuses, sorts],
  );
  const openId = params.get('id') || null;

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<InboxFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const isDefault = (key === 'status' && value === 'all') || (key === 'sort' && value === 'newest');
            if (value === null || value === undefined || value === '' || isDefault) next.delete(key);
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

  /** Opening a request is a history entry, so the back button closes it again. */
  const open = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('id', id);
          else next.delete('id');
          return next;
        },
        { replace: !id },
      );
    },
    [setParams],
  );

  const query = useMemo<InboxQuery>(
    () => ({
      status: filters.status === 'all' ? undefined : filters.status,
      search: filters.search.trim() || undefined,
      sort: filters.sort,
      from: filters.from || undefined,
      to: rangeEnd(filters.from, filters.to),
      page: filters.page,
      per_page: filters.per_page,
    }),
    [filters],
  );

  const filtered = Boolean(filters.search || filters.status !== 'all' || filters.from || filters.to);
  return { filters, query, update, openId, open, filtered };
}
