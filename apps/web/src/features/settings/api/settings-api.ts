import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRestaurantSettings, TRestaurantSettingsInput } from '@tavolo/contracts/settings';
import { updateTenantSite } from '../../../app/site.ts';
import { api } from '../../../lib/api.ts';

export const settingsKeys = {
  all: ['settings'] as const,
};

export const settingsApi = {
  get: () => api<TRestaurantSettings>('GET', '/tenant/admin/settings'),
  save: (input: TRestaurantSettingsInput) => api<TRestaurantSettings>('PUT', '/tenant/admin/settings', { body: input }),
};

/** The restaurant's settings as the server has them. */
export function useRestaurantSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: async () => (await settingsApi.get()).data });
}

/** Saves every setting at once; the answer is the new state, so the cache takes it without another GET. */
export function useSaveRestaurantSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TRestaurantSettingsInput) => settingsApi.save(input),
    onSuccess: (result) => {
      const before = client.getQueryData<TRestaurantSettings>(settingsKeys.all);
      client.setQueryData(settingsKeys.all, result.data);
      updateTenantSite({ name: result.data.business_name, time_zone: result.data.time_zone });
      // The symbol is in many answers (dashboard figures, phone orders, coupons, customers): all are read again.
      if (before && before.currency_symbol !== result.data.currency_symbol) {
        return client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
      }
      // The storefront reads these settings too.
      return client.invalidateQueries({ queryKey: ['storefront'] });
    },
  });
}
