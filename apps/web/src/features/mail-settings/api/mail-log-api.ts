import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TMailLogEntry, TMailLogQuery } from '@tavolo/contracts/mail-log';
import { api } from '../../../lib/api.ts';

/** The worker retries on its own; a look every half minute keeps the states current without a reload. */
export const MAIL_LOG_REFRESH_MS = 30_000;

export const mailLogKeys = {
  all: ['mail-log'] as const,
  list: (query: TMailLogQuery) => ['mail-log', query] as const,
};

const URL_ = '/tenant/admin/mails';

export const mailLogApi = {
  list: (query: TMailLogQuery) => api<TPage<TMailLogEntry>>('GET', URL_, { query: { ...query } }),
  resend: (id: string) => api<TMailLogEntry>('POST', `${URL_}/${id}/resend`),
};

/** One page of recent e-mails, newest first; the previous page stays on screen while the next loads. */
export function useMailLog(query: TMailLogQuery) {
  return useQuery({
    queryKey: mailLogKeys.list(query),
    queryFn: async () => (await mailLogApi.list(query)).data,
    placeholderData: keepPreviousData,
    refetchInterval: MAIL_LOG_REFRESH_MS,
  });
}

/** Queues a failed e-mail again; every page is reloaded, since its state (and maybe its filter) changed. */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => mailLogApi.resend(id),
    onSettled: () => client.invalidateQueries({ queryKey: mailLogKeys.all }),
  });
}
