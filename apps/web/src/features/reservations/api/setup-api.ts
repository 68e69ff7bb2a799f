import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDiningArea, TDiningAreaInput, TDiningTable, TDiningTableInput, TReservationSettings, TReservationSettingsInput, TReservationSetup } from '@tavolo/contracts/reservations';
import { api } from '../../../lib/api.ts';

/** Everything under this key shows tables or rules (the setup page; the staff day view draws the same tables). */
export const setupKeys = {
  setup: ['reservations', 'setup'] as const,
};

export const setupApi = {
  get: () => api<TReservationSetup>('GET', '/tenant/reservation-setup'),
  saveSettings: (input: TReservationSettingsInput) => api<TReservationSettings>('PUT', '/tenant/reservation-setup/settings', { body: input }),
  createArea: (input: TDiningAreaInput) => api<TDiningArea>('POST', '/tenant/dining-areas', { body: input }),
  updateArea: (id: string, input: TDiningAreaInput) => api<TDiningArea>('PATCH', `/tenant/dining-areas/${id}`, { body: input }),
  deleteArea: (id: string) => api<null>('DELETE', `/tenant/dining-areas/${id}`),
  createTable: (input: TDiningTableInput) => api<TDiningTable>('POST', '/tenant/dining-tables', { body: input }),
  updateTable: (id: string, input: TDiningTableInput) => api<TDiningTable>('PATCH', `/tenant/dining-tables/${id}`, { body: input }),
  deleteTable: (id: string) => api<null>('DELETE', `/tenant/dining-tables/${id}`),
};

/** Areas, tables, booking rules, opening hours and time zone of the restaurant. */
export function useReservationSetup() {
  return useQuery({ queryKey: setupKeys.setup, queryFn: async () => (await setupApi.get()).data });
}

/**
 * A change to the setup. Afterwards every reservations query refetches: the day view draws the tables, and the
 * storefront form of this browser (an owner trying it out) offers times from them.
 */
export function useSetupMutation<A>(call: (args: A) => Promise<{ data: unknown; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['reservations'] }), client.invalidateQueries({ queryKey: ['requests'] })]),
  });
}
