import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTaxRate, TTaxRateInput, TTaxSettings } from '@tavolo/contracts/ordering';
import { api } from '../../../lib/api.ts';

export const taxKeys = {
  all: ['taxes'] as const,
  rates: ['taxes', 'rates'] as const,
  settings: ['taxes', 'settings'] as const,
};

export const taxesApi = {
  rates: () => api<TTaxRate[]>('GET', '/tenant/tax-rates'),
  createRate: (input: TTaxRateInput) => api<TTaxRate>('POST', '/tenant/tax-rates', { body: input }),
  updateRate: (id: string, input: TTaxRateInput) => api<TTaxRate>('PUT', `/tenant/tax-rates/${id}`, { body: input }),
  deleteRate: (id: string) => api<null>('DELETE', `/tenant/tax-rates/${id}`),
  settings: () => api<TTaxSettings>('GET', '/tenant/tax-settings'),
  saveSettings: (input: TTaxSettings) => api<TTaxSettings>('PUT', '/tenant/tax-settings', { body: input }),
};

export function useTaxRates() {
  return useQuery({ queryKey: taxKeys.rates, queryFn: async () => (await taxesApi.rates()).data });
}

export function useTaxSettings() {
  return useQuery({ queryKey: taxKeys.settings, queryFn: async () => (await taxesApi.settings()).data });
}

// Products show their rate, so the product lists refresh too.
function useTaxMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: taxKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}

export const useSaveTaxRate = () => useTaxMutation(({ id, input }: { id: string | null; input: TTaxRateInput }) => (id ? taxesApi.updateRate(id, input) : taxesApi.createRate(input)));
export const useDeleteTaxRate = () => useTaxMutation((id: string) => taxesApi.deleteRate(id));

export function useSaveTaxSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: TTaxSettings) => taxesApi.saveSettings(input), onSuccess: (result) => client.setQueryData(taxKeys.settings, result.data) });
}
