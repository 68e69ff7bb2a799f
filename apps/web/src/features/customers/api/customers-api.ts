import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomer, TCustomerDetail, TCustomerQuery, TEraseCustomerRequest, TErasureCounts } from '@tavolo/contracts/customers';
import type { TPage } from '@tavolo/contracts/envelope';
import { AppError, api } from '../../../lib/api.ts';

/**
 * Customers are computed from orders and reservations, so their keys live under those topics: a new order or
 * reservation on the live stream refreshes the list.
 */
export const customerKeys = {
  list: (query: TCustomerQuery) => ['orders', 'customers', 'list', query] as const,
  one: (key: string) => ['orders', 'customers', 'one', key] as const,
};

const path = (key: string) => `/tenant/customers/${encodeURIComponent(key)}`;

export const customersApi = {
  list: (query: TCustomerQuery) => api<TPage<TCustomer>>('GET', '/tenant/customers', { query: { ...query } }),
  get: (key: string) => api<TCustomerDetail>('GET', path(key)),
  export: (key: string) => api<Record<string, unknown>>('GET', `${path(key)}/export`),
  erase: (key: string, body: TEraseCustomerRequest) => api<TErasureCounts>('POST', `${path(key)}/erase`, { body }),
};

export function useCustomers(query: TCustomerQuery) {
  return useQuery({ queryKey: customerKeys.list(query), queryFn: async () => (await customersApi.list(query)).data, placeholderData: keepPreviousData });
}

export function useCustomer(key: string | null) {
  return useQuery({
    queryKey: customerKeys.one(key ?? ''),
    queryFn: async () => (await customersApi.get(key!)).data,
    enabled: Boolean(key),
    retry: (count, error) => count < 2 && !(error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')),
  });
}

/** Downloads everything held about the customer as a JSON file (GDPR access request). */
export function useExportCustomer() {
  return useMutation({
    mutationFn: async ({ key, email }: { key: string; email: string }) => {
      const { data } = await customersApi.export(key);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `customer-${email.replace(/[^\w.-]+/g, '_')}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}

export function useEraseCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, confirm_email }: { key: string; confirm_email: string }) => customersApi.erase(key, { confirm_email }),
    // Orders and reservations changed too (their names are gone). The erased customer itself is gone: asking
    // for it again would only answer 404 while its drawer closes.
    onSuccess: (_result, { key }) => {
      const erased = customerKeys.one(key);
      return Promise.all([
        client.invalidateQueries({ queryKey: ['orders'], predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(erased) }),
        client.invalidateQueries({ queryKey: ['reservations'] }),
      ]);
    },
  });
}
