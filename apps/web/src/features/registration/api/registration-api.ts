import type { TDomainCheckResult } from '@tavolo/contracts/tenant';
import type { TRegisterTenantRequest, TRegisterTenantResult } from '@tavolo/contracts/auth';
import { api } from '../../../lib/api.ts';

export const registrationApi = {
  /** Is this sub-domain free? `reason` comes translated in the X-Language of the call. */
  checkDomain: (domain: string) => api<TDomainCheckResult>('GET', '/tenant-register/check-domain', { query: { domain } }),
  register: (body: TRegisterTenantRequest) => api<TRegisterTenantResult>('POST', '/tenant-register', { body }),
};
