import { z } from './zod.ts';
import { zEmail, zText } from './validation.ts';

/**
 * A restaurant's own SMTP server (GET/PUT/DELETE /api/tenant/admin/email-settings, POST .../test).
 * The password goes in, never out: answers only say whether one is stored (`has_password`).
 */

export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type TMailSecurity = (typeof MAIL_SECURITY)[number];

/** The usual port of each security mode; the form suggests it until the user types their own. */
export const DEFAULT_SMTP_PORT: Record<TMailSecurity, number> = { none: 25, starttls: 587, tls: 465 };

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(%[a-z0-9]+)?$/;

/** True for a bare host name, IPv4 or IPv6 address: no scheme, port, path or user part. */
export function isSmtpHost(value: string): boolean {
  const v = value.toLowerCase();
  if (IPV4.test(v)) return true;
  if (v.includes(':')) return IPV6.test(v) && v.split(':').length >= 3 && v.split(':').length <= 8;
  // All-digit labels that are not a valid IPv4 address (999.1.1.1) are a typo, not a host name.
  if (/^[\d.]+$/.test(v)) return false;
  return HOSTNAME.test(v);
}

export const ZMailSecurity = z.enum(MAIL_SECURITY);

/** Optional text; empty, null or absent mean none (null). */
const zOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZMailSettings = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .refine((v) => v === '' || isSmtpHost(v), { error: 'smtp.validation.host' })
      .transform((v) => v.toLowerCase()),
    port: z.number().int().min(1).max(65535),
    security: ZMailSecurity,
    username: zOptional(254),
    /** Empty or absent keeps the stored password; not trimmed (spaces can be part of it). */
    password: z
      .string()
      .max(512)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Removes the stored password (cannot be combined with a new one). */
    clear_password: z.boolean().optional().default(false),
    from_name: zText(120),
    from_email: zEmail,
  })
  .refine((v) => !(v.password && v.clear_password), { path: ['password'], error: 'smtp.validation.password_and_clear' })
  .refine((v) => !v.password || v.username, { path: ['username'], error: 'smtp.validation.username_for_password' });
/** What PUT takes (and what the test endpoint may take). */
export type TMailSettingsInput = z.input<typeof ZMailSettings>;
export type TMailSettings = z.output<typeof ZMailSettings>;

/** What GET answers with: the saved settings without the password, or null when the platform sends. */
export interface TMailSettingsView {
  host: string;
  port: number;
  security: TMailSecurity;
  username: string | null;
  has_password: boolean;
  from_name: string;
  from_email: string;
  updated_at: string;
}

/** POST .../test: send to `to` through `settings` as typed (unsaved), or through the saved settings. */
export const ZSendTestMail = z.object({
  to: zEmail,
  settings: ZMailSettings.optional(),
});
export type TSendTestMailInput = z.input<typeof ZSendTestMail>;
export type TSendTestMail = z.output<typeof ZSendTestMail>;

/** The answer of a delivered test e-mail. */
export interface TSendTestMailResult {
  to: string;
  /** The server's last reply, e.g. "250 OK: queued as ...". */
  response: string;
}
