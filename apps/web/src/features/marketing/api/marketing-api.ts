import { useMutation, useQuery } from '@tanstack/react-query';
import type { TContactMessageRequest } from '@tavolo/contracts/marketing';
import type { TPlan } from '@tavolo/contracts/plans';
import { api } from '../../../lib/api.ts';
import { platformBoot, platformBootAt } from './platform-boot.ts';

export const marketingKeys = { plans: ['marketing', 'plans'] as const };

/** The plans the platform enforces, for the pricing cards (the server lets browsers keep them a minute). */
export function usePublicPlans() {
  return useQuery({ queryKey: marketingKeys.plans, queryFn: async () => (await api<TPlan[]>('GET', '/plans')).data, initialData: platformBoot.plans, initialDataUpdatedAt: platformBootAt, staleTime: 60_000, retry: 1 });
}

/** Sends the contact form; resolves to the server's confirmation text. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: async (input: TContactMessageRequest) => (await api<null>('POST', '/contact', { body: input })).message ?? '' });
}
