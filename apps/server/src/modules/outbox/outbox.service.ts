import type { FastifyBaseLogger } from 'fastify';
import type { TLanguage } from '@tavolo/contracts/i18n';
import { AppError } from '@tavolo/contracts/errors';
import type { Db } from '../../db/client.ts';
import nodemailer from 'nodemailer';
import { absoluteHttpUrl, renderActionMail } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { inTenantRounds, TENANTS_PER_ROUND } from '../../lib/tenant-rounds.ts';
import type { TenantTransport } from '../mail-settings/mail-settings.service.ts';
import { createOutboxRepo, type OutboxRow, type TOutboxPayload } from './outbox.repo.ts';

export interface OutboxOptions {
  db: Db;
  /** The platform mailer (SMTP_URL, or .eml files). */
  mailer: Mailer;
  /** A restaurant's own SMTP settings, when it has some; null means the platform mailer. */
  mailerFor?: (tenantId: string) => Promise<Mailer | null>;
  log: FastifyBaseLogger;
  maxAttempts?: number;
}

const LEASE_SECONDS = 300;
/** Mails claimed per restaurant and round. */
const BATCH = 20;

/** 30 s, 1 min, 2 min ... capped at 1 h. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

/**
 * `mailerFor` over a restaurant's saved SMTP settings: its own server and sender, or null for the platform mailer.
 * Settings are read afresh on every call (the outbox calls it once per restaurant and pass), so a changed server
 * or password takes effect on the next pass. Transports are not pooled: nothing stays open between mails.
 */
export function tenantMailerFor(settings: { smtpTransportOptions(tenantId: string): Promise<TenantTransport | null> }) {
  return async (tenantId: string): Promise<Mailer | null> => {
    const smtp = await settings.smtpTransportOptions(tenantId);
    if (!smtp) return null;
    const transport = nodemailer.createTransport(smtp.options);
    return {
      // The restaurant's own server sends as the sender it set up.
      async send({ fromName: _fromName, ...message }) {
        await transport.sendMail({ ...message, from: smtp.from });
      },
    };
  };
}

/** Not tried again: the reason lasts (the restaurant was suspended), a retry would only fail the same way. */
class Withheld extends Error {}

/** Sends queued mails with retries; `drain()` runs one pass (tests call it), `start()` polls in the background. */
export function createOutbox({ db, mailer, mailerFor, log, maxAttempts = 8 }: OutboxOptions) {
  const repo = createOutboxRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Per pass: each restaurant's mailer and looks are looked up once, and again on the next pass. */
  type PassCache = Map<string, Promise<{ via: Mailer; logo: string | null; color: string | null; name: string | null; email: string | null; suspended: boolean }>>;

  async function send(row: OutboxRow, cache: PassCache) {
    const { origin, fromPlatform, replyTo, ...mail } = row.payload as unknown as TOutboxPayload;
    let tenant = cache.get(row.tenantId);
    if (!tenant) {
      tenant = Promise.all([mailerFor?.(row.tenantId), repo.looks(row.tenantId)]).then(([own, looks]) => ({ via: own ?? mailer, ...looks }));
      // A failed lookup (unreadable password, database hiccup) fails this mail, and is tried again next time.
      tenant.catch(() => cache.delete(row.tenantId));
      cache.set(row.tenantId, tenant);
    }
    const { via, logo, color, name, email, suspended } = await tenant;
    // A suspended restaurant writes to nobody outside its team (its booking mails and replies could reach anyone);
    // the platform still tells it why it was suspended.
    if (suspended && !fromPlatform && !(await repo.isTeamAddress(row.tenantId, row.toAddress))) throw new Withheld('Not sent: the restaurant is suspended.');
    const rendered = renderActionMail({ ...mail, lang: row.language as TLanguage, brand: { logoUrl: absoluteHttpUrl(logo, origin), color } });
    // From the restaurant, as guests know it, and answered to it (not to the platform's no-reply address); staff's
    // alerts about a guest are answered to that guest.
    const answerTo = replyTo || email;
    const sender = fromPlatform ? {} : { ...(name && { fromName: name }), ...(answerTo && { replyTo: answerTo }) };
    await via.send({ to: row.toAddress, ...rendered, ...sender });
  }

  /** Claims one batch of a restaurant's due mails and sends it; returns how many mails it claimed. */
  async function sendBatch(tenantId: string, cache: PassCache, counts: { sent: number }): Promise<number> {
    const rows = await repo.claimDue(tenantId, BATCH, LEASE_SECONDS);
    const claimedAt = performance.now();
    for (const row of rows) {
      // Slow mail servers can use up the batch's lease before its last mails; once half of it is gone, each
      // further mail is renewed first, and skipped if another process has claimed it meanwhile (sent once).
      if (performance.now() - claimedAt > (LEASE_SECONDS * 1000) / 2 && !(await repo.renewLease(row, LEASE_SECONDS))) continue;
      try {
        await send(row, cache);
        await repo.markSent(row);
        counts.sent++;
      } catch (error) {
        // A refusal of our own is its message key, with what it names (the host) as JSON: the mail log says it in words.
        const message =
          error instanceof AppError && Object.keys(error.params).length ? `${error.message} ${JSON.stringify(error.params)}` : error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= maxAttempts || error instanceof Withheld;
        log.warn({ mailId: row.id, tenantId: row.tenantId, attempt: row.attempts, giveUp, err: message }, 'mail not sent');
        await repo.markFailed(row, message.slice(0, 500), giveUp ? null : backoffSeconds(row.attempts));
      }
    }
    return rows.length;
  }

  async function pass(): Promise<number> {
    const cache: PassCache = new Map();
    const counts = { sent: 0 };
    await inTenantRounds(
      () => repo.dueTenants(TENANTS_PER_ROUND),
      (tenantId) => sendBatch(tenantId, cache, counts),
    );
    return counts.sent;
  }

  /** One pass over every due mail; concurrent calls share the pass that is running. */
  function drain(): Promise<number> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    /** Asks for a pass soon (after a commit that queued mail) without waiting for it. */
    poke() {
      if (timer) setImmediate(() => void drain().catch((err) => log.error({ err }, 'outbox pass failed')));
    },
    start(intervalMs = 5000) {
      timer = setInterval(() => void drain().catch((err) => log.error({ err }, 'outbox pass failed')), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
