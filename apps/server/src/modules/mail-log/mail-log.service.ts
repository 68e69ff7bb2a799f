import type { TPage } from '@tavolo/contracts/envelope';
import { AppError } from '@tavolo/contracts/errors';
import { hasMessage, pickLanguage, translate, type TLanguage } from '@tavolo/contracts/i18n';
import type { TMailLogEntry, TMailStatus } from '@tavolo/contracts/mail-log';
import type { Db } from '../../db/client.ts';
import { explainSmtpError } from '../mail-settings/mail-settings.service.ts';
import { mailText } from '../../lib/mail-templates.ts';
import { createMailLogRepo, type MailLogRow } from './mail-log.repo.ts';

export interface MailLogOptions {
  db: Db;
  /** Called after a mail was queued again, so the outbox sends it now rather than at its next poll. */
  onMailQueued?: () => void;
}

/** The parts of an outbox payload the subject needs; the rest (paragraphs, rows) stays out of the log. */
interface SubjectPayload {
  site?: unknown;
  subjectKey?: unknown;
  subjectParams?: unknown;
}

/** The subject as the recipient sees it, in the mail's own language (the same call the renderer makes). */
export function renderSubject(row: Pick<MailLogRow, 'language' | 'payload'>): string {
  const p = row.payload as SubjectPayload;
  if (typeof p.subjectKey !== 'string') return '';
  const params = p.subjectParams && typeof p.subjectParams === 'object' ? (p.subjectParams as Record<string, unknown>) : {};
  return mailText(pickLanguage(row.language), typeof p.site === 'string' ? p.site : undefined, p.subjectKey, params);
}

/** The parameters stored after a message key; none when missing or unreadable (then the words have a gap, no more). */
function storedParams(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The stored error (the mail library's message) in words, in the reader's language, where it is one the e-mail
 * settings page explains too (refused, unknown host, timeout, certificate, TLS); anything else as the server said it.
 */
export function explainStoredError(text: string | null, to: string, lang: TLanguage): string | null {
  if (!text) return text;
  // The outbox stores a refusal of our own (a private server, an unknown host, an unreadable password) as its
  // message key, then what it names as JSON.
  const own = /^(smtp\.(?:errors|validation)\.\w+)(?: (\{.*\}))?$/.exec(text);
  if (own && hasMessage(own[1]!)) return translate(lang, own[1]!, storedParams(own[2]));
  const address = /(?:ECONNREFUSED|ETIMEDOUT)\s+\[?([^\s\]]+?)\]?:(\d+)/.exec(text);
  const unknownHost = /(?:ENOTFOUND|EAI_AGAIN)\s+(\S+)/.exec(text);
  const { key, params } = explainSmtpError({ message: text }, { host: address?.[1] ?? unknownHost?.[1] ?? '', port: Number(address?.[2] ?? 0), from: '', to });
  // Messages that name the server need it from the text; without it the words would have a hole.
  const named = key === 'smtp.errors.host_not_found' ? unknownHost : ['smtp.errors.connection_refused', 'smtp.errors.timeout'].includes(key) ? address : true;
  if (key === 'smtp.errors.generic' || !named) return text;
  return translate(lang, key, params);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEntry(row: MailLogRow, lang: TLanguage = 'en'): TMailLogEntry {
  return {
    id: row.id,
    to: row.toAddress,
    subject: renderSubject(row),
    status: row.status as TMailStatus,
    attempts: row.attempts,
    last_error: explainStoredError(row.lastError, row.toAddress, lang),
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    next_attempt_at: row.nextAttemptAt.toISOString(),
  };
}

/** A restaurant's recent e-mails and their state, and resending one that failed. */
export function createMailLogService({ db, onMailQueued }: MailLogOptions) {
  const repo = createMailLogRepo(db);
  return {
    /** `lang`: the reader's language, for the errors; subjects stay in each mail's own language. */
    async list(tenantId: string, q: { status?: TMailStatus; page: number; per_page: number }, lang: TLanguage = 'en'): Promise<TPage<TMailLogEntry>> {
      const { rows, total } = await repo.list(tenantId, { status: q.status, page: q.page, perPage: q.per_page });
      return {
        data: rows.map((row) => toEntry(row, lang)),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
    },

    /** Queues a failed mail again with a fresh set of tries; 404 for another restaurant's id, 409 unless failed. */
    async resend(tenantId: string, id: string, lang: TLanguage = 'en'): Promise<TMailLogEntry> {
      const row = await repo.requeueFailed(tenantId, id);
      if (!row) {
        if (!(await repo.byId(tenantId, id))) throw new AppError('NOT_FOUND');
        throw new AppError('CONFLICT', 'mail_log.errors.not_failed');
      }
      onMailQueued?.();
      return toEntry(row, lang);
    },
  };
}
export type MailLogService = ReturnType<typeof createMailLogService>;
