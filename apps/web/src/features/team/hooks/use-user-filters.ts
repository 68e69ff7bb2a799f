import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { TEAM_USER_STATUSES, type TTeamUserStatus } from '@tavolo/contracts/team';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';

export interface UserFilters {
  search: string;
  role_id: string;
  status: TTeamUserStatus | '';
  page: number;
  per_page: number;
}

/** Search, role, status and page of the users list, all in the URL (shareable, survives a reload). */
export function useUserFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<UserFilters>(() => {
    const status = params.get('status') as TTeamUserStatus | null;
    const perPage = params.get('per_page') ?? '20';
    return {
      search: params.get('search') ?? '',
      role_id: params.get('role') ?? '',
      status: status && TEAM_USER_STATUSES.includes(status) ? status : '',
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number((PER_PAGE_CHOICES as readonly string[]).includes(perPage) ? perPage : '20'),
    };
  }, [params]);

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<UserFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const name = key === 'role_id' ? 'role' : key;
            if (value === '' || value === undefined) next.delete(name);
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
  return { filters, update };
}
