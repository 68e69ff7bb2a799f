import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { CONTACT_MESSAGE_STATUSES, type TContactMessageStatus } from '@tavolo/contracts/marketing';
import { PER_PAGE_CHOICES } from '../../../components/ui/list-pagination.tsx';
import type { MessageFilters } from '../api/messages-api.ts';

/** Status, search, page and the open message (`?message=<id>`), all in the URL. */
export function useMessageFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<MessageFilters>(() => {
    const status = params.get('status');
    const perPage = params.get('per_page');
    return {
      status: CONTACT_MESSAGE_STATUSES.includes(status as TContactMessageStatus) ? (status as TContactMessageStatus) : undefined,
      search: params.get('search') ?? '',
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
      per_page: Number((PER_PAGE_CHOICES as readonly string[]).includes(perPage ?? '') ? perPage : '20'),
    };
  }, [params]);

  /** Changes some filters; anything but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<Record<keyof MessageFilters, string | number | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || value === undefined) next.delete(key);
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

  const openMessage = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('message', id);
        else next.delete('message');
        return next;
      }),
    [setParams],
  );

  return { filters, update, messageId: params.get('message'), openMessage };
}
