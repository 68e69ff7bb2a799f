import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryZone, TDeliveryZoneInput, TOrderingSettings, TOrderingSettingsInput } from '@tavolo/contracts/ordering';
import type { TRestaurantSettings } from '@tavolo/contracts/settings';
import { api } from '../../../lib/api.ts';

export const orderingKeys = {
  settings: ['ordering', 'settings'] as const,
  zones: ['ordering', 'zones'] as const,
};

export const orderingApi = {
  settings: () => api<TOrderingSettings>('GET', '/tenant/ordering-settings'),
  saveSettings: (input: TOrderingSettingsInput) => api<TOrderingSettings>('PUT', '/tenant/ordering-settings', { body: input }),
  zones: () => api<TDeliveryZone[]>('GET', '/tenant/delivery-zones'),
  createZone: (input: TDeliveryZoneInput) => api<TDeliveryZone>('POST', '/tenant/delivery-zones', { body: input }),
  updateZone: (id: string, input: TDeliveryZoneInput) => api<TDeliveryZone>('PUT', `/tenant/delivery-zones/${id}`, { body: input }),
  deleteZone: (id: string) => api<null>('DELETE', `/tenant/delivery-zones/${id}`),
  reorderZones: (ids: string[]) => api<TDeliveryZone[]>('PUT', '/tenant/delivery-zones/order', { body: { ids } }),
  /** The restaurant's settings (same cache entry as the Settings page): currency and order types. */
  restaurant: () => api<TRestaurantSettings>('GET', '/tenant/admin/settings'),
};

export function useOrderingSettings() {
  return useQuery({ queryKey: orderingKeys.settings, queryFn: async () => (await orderingApi.settings()).data });
}

export function useDeliveryZones() {
  return useQuery({ queryKey: orderingKeys.zones, queryFn: async () => (await orderingApi.zones()).data });
}

export function useRestaurantBasics() {
  return useQuery({ queryKey: ['settings'], queryFn: async () => (await orderingApi.restaurant()).data });
}

/** A change to the rules: the dashboard page and the checkout's options (this browser) refetch. */
export function useOrderingMutation<A, R>(call: (args: A) => Promise<{ data: R; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['ordering'] }), client.invalidateQueries({ queryKey: ['orders', 'options'] })]),
  });
}
