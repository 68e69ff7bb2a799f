import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlatformStats } from '@tavolo/contracts/dashboard';
import type { TPage } from '@tavolo/contracts/envelope';
import type {
  TPlatformTenant,
  TPlatformTenantDetail,
  TSignupRange,
  TSignupSeries,
  TTenantListQuery,
  TUpdateTenantRequest,
} from '@tavolo/contracts/platform';
import { AppError, api } from '../../../lib/api.ts';

const tenantPath = (id: string) => `/platform/tenants/${encodeURIComponent(id)}`;

export const platformKeys = {
  all: ['platform'] as const,
  stats: ['platform', 'stats'] as const,
  signups: (range: TSignupRange) => ['platform', 'signups', range] as const,
  tenants: (query: TTenantListQuery) => ['platform', 'tenants', 'list', query] as const,
  tenant: (id: string) => ['platform', 'tenants', 'one', id] as const,
};

export const platformApi = {
  stats: () => api<TPlatformStats>('GET', '/platform/stats'),
  signups: (range: TSignupRange) => api<TSignupSeries>('GET', '/platform/stats/signups', { query: { range } }),
  tenants: (query: TTenantListQuery) => api<TPage<TPlatformTenant>>('GET', '/platform/tenants', { query: { ...query } }),
  tenant: (id: string) => api<TPlatformTenantDetail>('GET', tenantPath(id)),
  update: (id: string, body: TUpdateTenantRequest) => api<TPlatformTenantDetail>('PATCH', tenantPath(id), { body }),
  approve: (id: string) => api<TPlatformTenantDetail>('POST', `${tenantPath(id)}/approve`),
  suspend: (id: string, reason: string) => api<TPlatformTenantDetail>('POST', `${tenantPath(id)}/suspend`, { body: { reason } }),
  activate: (id: string) => api<TPlatformTenantDetail>('POST', `${tenantPath(id)}/activate`),
  startTrial: (id: string, endsAt: string) => api<TPlatformTenantDetail>('POST', `${tenantPath(id)}/start-trial`, { body: { ends_at: endsAt } }),
  remove: (id: string, confirmSlug: string) => api<{ id: string; slug: string }>('DELETE', tenantPath(id), { body: { confirm_slug: confirmSlug } }),
};

export function usePlatformStats() {
  return useQuery({ queryKey: platformKeys.stats, queryFn: async () => (await platformApi.stats()).data, refetchInterval: 60_000 });
}

export function useSignups(range: TSignupRange) {
  return useQuery({ queryKey: platformKeys.signups(range), queryFn: async () => (await platformApi.signups(range)).data, placeholderData: keepPreviousData });
}

export function useTenants(query: TTenantListQuery) {
  return useQuery({ queryKey: platformKeys.tenants(query), queryFn: async () => (await platformApi.tenants(query)).data, placeholderData: keepPreviousData });
}

export function useTenant(id: string | null) {
  return useQuery({
    queryKey: platformKeys.tenant(id ?? ''),
    queryFn: async () => (await platformApi.tenant(id!)).data,
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')),
  });
}

/** Every write of a restaurant: the lists, the figures and the open view refresh afterwards. Resolves to the server's message. */
export function useTenantMutation<V>(call: (vars: V) => Promise<{ message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => (await call(vars)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.all }),
  });
}
