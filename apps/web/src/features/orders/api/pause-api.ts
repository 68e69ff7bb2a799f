import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrderingPause, TPauseOrdering } from '@tavolo/contracts/ordering';
import { api } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** Under ['orders']: a live 'orders' event (another tab paused or resumed) refetches it. */
export const pauseKey = ['orders', 'pause'] as const;

/** Until when online orders are paused ("busy"); null when they run. Polls slowly without the live stream. */
export function useOrderingPause() {
  return useQuery({
    queryKey: pauseKey,
    queryFn: async () => (await api<TOrderingPause>('GET', '/tenant/orders/pause')).data,
    refetchInterval: usePollInterval(60_000),
  });
}

/** Pause for 15/30/60/120 minutes, or resume now (minutes null). */
export function useSetOrderingPause() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPauseOrdering) => api<TOrderingPause>('POST', '/tenant/orders/pause', { body }),
    onSuccess: (result) => {
      client.setQueryData(pauseKey, result.data);
      return client.invalidateQueries({ queryKey: ['orders', 'options'] });
    },
  });
}
