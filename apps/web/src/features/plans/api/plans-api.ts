import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddDomain, TDomain, TDomainVerifyResult } from '@tavolo/contracts/domains';
import type { TTenantPlan, TUpgradeRequestResult } from '@tavolo/contracts/plans';
import { api } from '../../../lib/api.ts';

export const plansKeys = {
  plan: ['plan'] as const,
  domains: ['plan', 'domains'] as const,
};

export const plansApi = {
  plan: () => api<TTenantPlan>('GET', '/tenant/plan'),
  requestUpgrade: () => api<TUpgradeRequestResult>('POST', '/tenant/plan/upgrade-request'),
  domains: () => api<TDomain[]>('GET', '/tenant/domains'),
  addDomain: (input: TAddDomain) => api<TDomain>('POST', '/tenant/domains', { body: input }),
  verifyDomain: (id: string) => api<TDomainVerifyResult>('POST', `/tenant/domains/${id}/verify`),
  removeDomain: (id: string) => api<null>('DELETE', `/tenant/domains/${id}`),
};

/** The restaurant's plan, what it uses of it, and the plans on offer. */
export function usePlan() {
  return useQuery({ queryKey: plansKeys.plan, queryFn: async () => (await plansApi.plan()).data });
}

/** Asks for Premium; a payment provider would answer a checkout address to go to. */
export function useRequestUpgrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: plansApi.requestUpgrade,
    onSuccess: (result) => {
      if (result.data.checkout_url) window.location.assign(result.data.checkout_url);
      return client.invalidateQueries({ queryKey: plansKeys.plan, exact: true });
    },
  });
}

export function useDomains(enabled = true) {
  return useQuery({ queryKey: plansKeys.domains, queryFn: async () => (await plansApi.domains()).data, enabled });
}

/** Add, verify and remove answer the new state of one domain; the list is read again. */
export function useDomainActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: plansKeys.domains });
  return {
    add: useMutation({ mutationFn: plansApi.addDomain, onSuccess: refresh }),
    verify: useMutation({ mutationFn: plansApi.verifyDomain, onSuccess: refresh }),
    remove: useMutation({ mutationFn: plansApi.removeDomain, onSuccess: refresh }),
  };
}
