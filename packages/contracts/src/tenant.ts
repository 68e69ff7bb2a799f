import { z } from './zod.ts';
import './validation.ts';

export const TENANT_STATUSES = ['pending', 'active', 'suspended', 'trial'] as const;
export type TTenantStatus = (typeof TENANT_STATUSES)[number];

/** Whether a restaurant in this status takes guests (orders, bookings): not before approval, not while suspended. */
export const servesGuests = (status: TTenantStatus) => status === 'active' || status === 'trial';

/** Sub-domains no restaurant may take: they belong to the platform or would confuse guests. */
export const RESERVED_SLUGS = new Set([
  'www', 'api', 'admin', 'app', 'dashboard', 'mail', 'smtp', 'imap', 'pop', 'ftp', 'static', 'assets', 'build',
  'cdn', 'img', 'images', 'media', 'files', 'uploads', 'help', 'support', 'docs', 'status', 'blog', 'login',
  'register', 'signup', 'auth', 'account', 'billing', 'platform', 'root', 'system', 'test', 'dev', 'staging',
  'localhost', 'tenant', 'tenants', 'public', 'demo-admin', 'security', 'abuse', 'postmaster', 'webmaster',
  'hostmaster', 'ns1', 'ns2', 'mx',
]);

/** A DNS label: lowercase letters, digits and inner hyphens, 3 to 40 characters. */
export const ZDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/, { error: 'validation.domain_format' })
  .refine((v) => !v.includes('--'), { error: 'validation.domain_format' })
  .refine((v) => !RESERVED_SLUGS.has(v), { error: 'validation.domain_reserved' });

export const ZDomainCheckQuery = z.object({ domain: z.string().max(100) });
export const ZDomainCheckResult = z.object({
  domain: z.string(),
  available: z.boolean(),
  reason: z.string().optional(),
});
export type TDomainCheckResult = z.infer<typeof ZDomainCheckResult>;

/** What the browser needs to know about the host it is on; embedded in index.html by the server. */
export const ZSite = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('platform'), mainDomain: z.string() }),
  z.object({
    kind: z.literal('tenant'),
    mainDomain: z.string(),
    tenant: z.object({ slug: z.string(), name: z.string(), status: z.enum(TENANT_STATUSES), time_zone: z.string() }),
  }),
  z.object({ kind: z.literal('unknown'), mainDomain: z.string() }),
]);
export type TSite = z.infer<typeof ZSite>;
