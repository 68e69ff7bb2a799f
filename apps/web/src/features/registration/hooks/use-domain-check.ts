import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../app/i18n.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { registrationApi } from '../api/registration-api.ts';

export const DOMAIN_CHECK_DEBOUNCE_MS = 350;

export type TDomainCheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; domain: string }
  | { status: 'unavailable'; domain: string; reason?: string }
  | { status: 'error'; message: string };

/**
 * Asks the server whether a sub-domain is free while the user types: waits until typing pauses,
 * caches answers per value and language (the server translates `reason` by X-Language).
 */
export function useDomainCheck(value: string): TDomainCheckState {
  const { i18n } = useTranslation();
  const domain = value.trim();
  const [debounced] = useDebouncedValue(domain, DOMAIN_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['registration', 'check-domain', debounced, i18n.language],
    queryFn: async () => (await registrationApi.checkDomain(debounced)).data,
    enabled: debounced.length > 0,
    staleTime: 10_000,
    retry: false,
  });

  if (!domain) return { status: 'idle' };
  if (debounced !== domain || query.isPending || query.isFetching) return { status: 'checking' };
  if (query.isError) return { status: 'error', message: errorMessage(query.error) };
  const result = query.data;
  return result.available ? { status: 'available', domain: result.domain } : { status: 'unavailable', domain: result.domain, reason: result.reason };
}
