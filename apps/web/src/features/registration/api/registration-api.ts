import type { TDomainCheckResult } from '@tavolo/contracts/tenant';
import type { TRegisterTenantRequest, TRegisterTenantResult } from '@tavolo/contracts/auth';
import type { TImportPreview } from '@tavolo/contracts/listing-import';
import { api } from '../../../lib/api.ts';

export const registrationApi = {
  /** Is this sub-domain free? `reason` comes translated in the X-Language of the call. */
  checkDomain: (domain: string) => api<TDomainCheckResult>('GET', '/tenant-register/check-domain', { query: { domain } }),
  register: (body: TRegisterTenantRequest) => api<TRegisterTenantResult>('POST', '/tenant-register', { body }),
  /** Reads a restaurant's public page; nothing is saved. A page without usable data is a 422 on `url`. */
  importListing: (url: string) => api<TImportPreview>('POST', '/tenant-register/import', { body: { url } }),
};
