import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { AppError } from '@tavolo/contracts/errors';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import type { TMailSecurity, TMailSettings, TMailSettingsView, TSendTestMail, TSendTestMailResult } from '@tavolo/contracts/mail-settings';
import type { Db } from '../../db/client.ts';
import { SafeFetchError, resolveChecked, systemLookup, type Lookup } from '../../lib/safe-fetch.ts';
import { SecretDecryptionError, type SecretBox } from '../../lib/secrets.ts';
import { createMailSettingsRepo, type MailSettingsRow } from './mail-settings.repo.ts';

/** Short limits: an admin waits for the answer of a test, and a dead server must not hold a worker for minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export interface SmtpSettings {
  host: string;
  port: number;
  security: TMailSecurity;
  username: string | null;
  password: string | null;
  fromName: string;
  fromEmail: string;
}

/** A restaurant's sender and transport, ready for `nodemailer.createTransport(options)`. */
export interface TenantTransport {
  options: SMTPTransport.Options;
  from: { name: string; address: string };
}

/** nodemailer options for one SMTP server: 'tls' is implicit TLS (465), 'starttls' insists on the upgrade, 'none' never tries it. */
export function transportOptions(s: SmtpSettings): SMTPTransport.Options {
  return {
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    // Auth only with both parts: a user name alone makes nodemailer fail with "missing credentials".
    ...(s.username && s.password ? { auth: { user: s.username, pass: s.password } } : {}),
    ...SMTP_TIMEOUTS,
    logger: false,
    debug: false,
  };
}

const view = (row: MailSettingsRow): TMailSettingsView => ({
  host: row.host,
  port: row.port,
  security: row.security as TMailSecurity,
  username: row.username,
  has_password: row.passwordEncrypted !== null,
  from_name: row.fromName,
  from_email: row.fromEmail,
  updated_at: row.updatedAt.toISOString(),
});

interface SmtpError extends Error {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
}

/** An SMTP failure in words: a message key of `smtp.errors` and its parameters. */
export function explainSmtpError(error: unknown, context: { host: string; port: number; from: string; to: string }): { key: string; params: Record<string, unknown> } {
  const e = (error ?? {}) as SmtpError;
  const text = `${e.message ?? ''} ${(e as { reason?: string }).reason ?? ''}`;
  const params = { ...context };
  const key = (name: string) => ({ key: `smtp.errors.${name}`, params });
  if (/ECONNREFUSED/.test(text)) return key('connection_refused');
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|EAI_NONAME/.test(text)) return key('host_not_found');
  if (e.code === 'ETIMEDOUT' || /ETIMEDOUT|timed? ?out/i.test(text)) return key('timeout');
  if (e.code === 'EAUTH') return key(/Unknown authentication method|not supported|no supported/i.test(text) && !e.responseCode ? 'auth_unsupported' : 'auth_failed');
  if (/certificate|self[- ]signed|CERT_|unable to verify|altnames/i.test(text)) return key('certificate');
  if (e.code === 'ETLS' || /wrong version number|SSL routines|EPROTO|packet length too long|tls/i.test(text)) return key('tls_mismatch');
  if (e.code === 'EENVELOPE' && e.command === 'MAIL FROM') return key('sender_rejected');
  if (e.code === 'EENVELOPE' && e.command === 'RCPT TO') return key('recipient_rejected');
  if (e.responseCode === 530 || /Must issue a STARTTLS/i.test(text)) return key('tls_mismatch');
  const response = (e.response || e.message || String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
  return { key: 'smtp.errors.generic', params: { ...params, response } };
}

/**
 * The restaurant's own SMTP server. Passwords are sealed with `secrets` before they reach the database
 * and are never part of an answer. The outbox calls `smtpTransportOptions` for every message.
 */
export function createMailSettingsService(deps: { db: Db; secrets: SecretBox; allowPrivateAddresses?: boolean; lookup?: Lookup }) {
  const repo = createMailSettingsRepo(deps.db);

  /**
   * The options to connect with. A restaurant's server must be on the public internet: otherwise any restaurant could
   * probe the platform's own network (which hosts and ports answer) with test e-mails. The checked address is dialled,
   * with the name kept for TLS, so a DNS answer that changes after the check cannot point inside either.
   */
  const connectOptions = async (s: SmtpSettings): Promise<SMTPTransport.Options> => {
    const options = transportOptions(s);
    if (deps.allowPrivateAddresses) return options;
    try {
      const { address } = await resolveChecked(s.host, deps.lookup ?? systemLookup);
      return { ...options, host: address, ...(isIP(s.host) ? {} : { servername: s.host }) };
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      throw new AppError('VALIDATION', error.problem === 'blocked' ? 'smtp.errors.private_address' : 'smtp.errors.host_not_found', undefined, { host: s.host });
    }
  };

  const unseal = (row: MailSettingsRow): string | null => {
    if (!row.passwordEncrypted) return null;
    try {
      return deps.secrets.decrypt(row.passwordEncrypted);
    } catch (error) {
      if (error instanceof SecretDecryptionError) {
        throw new AppError('VALIDATION', 'smtp.validation.password_unreadable', { password: ['smtp.validation.password_unreadable'] });
      }
      throw error;
    }
  };

  const fromRow = (row: MailSettingsRow): SmtpSettings => ({
    host: row.host,
    port: row.port,
    security: row.security as TMailSecurity,
    username: row.username,
    password: unseal(row),
    fromName: row.fromName,
    fromEmail: row.fromEmail,
  });

  /** Typed but unsaved settings; an empty password borrows the stored one, but only for the same server and user. */
  const fromInput = (input: TMailSettings, stored: MailSettingsRow | undefined): SmtpSettings => {
    let password = input.password;
    if (!password && !input.clear_password && stored?.passwordEncrypted) {
      // Otherwise anyone with the admin's session could send the stored password to a server of their choice.
      if (stored.host !== input.host || stored.username !== input.username) {
        throw new AppError('VALIDATION', 'errors.validation', { password: ['smtp.validation.password_again'] });
      }
      password = unseal(stored);
    }
    return {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.username,
      password,
      fromName: input.from_name,
      fromEmail: input.from_email,
    };
  };

  return {
    /** The saved settings without the password; null when the restaurant sends through the platform. */
    async get(tenantId: string): Promise<TMailSettingsView | null> {
      const row = await repo.load(tenantId);
      return row ? view(row) : null;
    },

    /** Empty password keeps the stored one, `clear_password` removes it, anything else replaces it. */
    async save(tenantId: string, input: TMailSettings): Promise<TMailSettingsView> {
      // A server the outbox would refuse to dial is refused here too: saved, it held every guest's mail back. A name
      // that does not resolve (yet) is kept: the test e-mail says so, and DNS may just be slow.
      if (!deps.allowPrivateAddresses) {
        await resolveChecked(input.host, deps.lookup ?? systemLookup).catch((error: unknown) => {
          if (error instanceof SafeFetchError && error.problem === 'blocked') {
            throw new AppError('VALIDATION', 'smtp.errors.private_address', { host: ['smtp.errors.private_address'] }, { host: input.host });
          }
        });
      }
      const password = input.password ? deps.secrets.encrypt(input.password) : input.clear_password ? null : undefined;
      const row = await repo.upsert(
        tenantId,
        {
          host: input.host,
          port: input.port,
          security: input.security,
          username: input.username,
          fromName: input.from_name,
          fromEmail: input.from_email,
        },
        password,
      );
      return view(row);
    },

    /** Back to the platform's mail; false when there was nothing saved. */
    async remove(tenantId: string): Promise<boolean> {
      return repo.remove(tenantId);
    },

    /** How to send the restaurant's mail, or null to use the platform's SMTP. For the outbox worker. */
    async smtpTransportOptions(tenantId: string): Promise<TenantTransport | null> {
      const row = await repo.load(tenantId);
      if (!row) return null;
      const s = fromRow(row);
      return { options: await connectOptions(s), from: { name: s.fromName, address: s.fromEmail } };
    },

    /**
     * Sends one test e-mail through `input.settings` (as typed) or the saved settings. A failure is a 422
     * whose message says what went wrong in the user's language.
     */
    async sendTest(tenantId: string, input: TSendTestMail, context: { lang: TLanguage; siteName: string }): Promise<TSendTestMailResult> {
      const stored = await repo.load(tenantId);
      let settings: SmtpSettings;
      if (input.settings) settings = fromInput(input.settings, stored);
      else if (stored) settings = fromRow(stored);
      else throw new AppError('VALIDATION', 'smtp.errors.not_configured');

      const t = (key: string) => translate(context.lang, key, { site: context.siteName, host: settings.host });
      const transport = nodemailer.createTransport(await connectOptions(settings));
      try {
        const info = await transport.sendMail({
          from: { name: settings.fromName, address: settings.fromEmail },
          to: input.to,
          subject: t('smtp.test_subject'),
          text: t('smtp.test_body'),
        });
        return { to: input.to, response: String(info.response ?? '') };
      } catch (error) {
        const { key, params } = explainSmtpError(error, { host: settings.host, port: settings.port, from: settings.fromEmail, to: input.to });
        throw new AppError('VALIDATION', key, undefined, params);
      } finally {
        transport.close();
      }
    },
  };
}
export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
