import { z } from './zod.ts';

/** At most this many custom domains per restaurant (www and the bare domain, plus one spare). */
export const MAX_DOMAINS_PER_TENANT = 3;

/** Where the owner publishes the token: a TXT record under this label, or a file under this path. */
export const CHALLENGE_LABEL = '_tavolo-challenge';
export const WELL_KNOWN_PATH = '/.well-known/tavolo-verify.txt';
export const TXT_PREFIX = 'tavolo-verify=';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What a domain may be typed with: letters of any script, digits, dots and hyphens. */
const TYPED_HOST = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * Lowercased, trimmed, without the trailing dot of a fully qualified name; an internationalised name
 * ("café-müller.de") in its punycode form (xn--…), the form browsers send in Host. The URL parser applies IDNA
 * as node:url's domainToASCII does, and runs in the browser too; anything else is left for hostProblem to refuse.
 */
export function normalizeHost(input: string): string {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (!/[^\p{ASCII}]/u.test(host) || !TYPED_HOST.test(host)) return host;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return host;
  }
}

/**
 * Why `host` (normalized) is not a domain a restaurant may connect, as a message key, or null when it is fine.
 * `mainDomain` (server side) refuses the platform's own domain and every subdomain of it.
 */
export function hostProblem(host: string, mainDomain?: string): string | null {
  if (host.length === 0) return 'validation.required';
  if (host.length > 253) return 'domains.validation.too_long';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'domains.validation.reserved';
  const labels = host.split('.');
  if (labels.length < 2) return 'domains.validation.needs_dot';
  if (!labels.every((label) => LABEL.test(label))) return 'domains.validation.invalid';
  // An alphabetic TLD (or an internationalised one, xn--…) also rules out IPv4 addresses; IPv6 fails the label rule (colons).
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels[labels.length - 1]!)) return 'domains.validation.invalid';
  if (mainDomain) {
    const main = normalizeHost(mainDomain);
    if (host === main || host.endsWith(`.${main}`)) return 'domains.validation.main_domain';
  }
  return null;
}

export const ZAddDomain = z
  .object({
    host: z
      .string()
      .max(300)
      .transform(normalizeHost)
      .superRefine((host, ctx) => {
        const problem = hostProblem(host);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();
export type TAddDomain = z.input<typeof ZAddDomain>;

export const ZDomain = z.object({
  id: z.string(),
  /** As DNS and the Host header have it: punycode (xn--…) for an internationalised name. */
  host: z.string(),
  /** As people read it: "café-müller.de"; the same as host for a plain ASCII name. */
  display_host: z.string(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** Why the last check failed, translated. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** What to publish and where to point the host. */
  instructions: z.object({
    txt_name: z.string(),
    txt_value: z.string(),
    file_url: z.string(),
    file_content: z.string(),
    cname_target: z.string(),
  }),
});
export type TDomain = z.infer<typeof ZDomain>;

export const DOMAIN_METHODS = ['dns', 'file'] as const;
export const ZDomainVerifyResult = z.object({
  domain: ZDomain,
  verified: z.boolean(),
  method: z.enum(DOMAIN_METHODS).nullable(),
});
export type TDomainVerifyResult = z.infer<typeof ZDomainVerifyResult>;
