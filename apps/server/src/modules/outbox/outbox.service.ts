import type { FastifyBaseLogger } from 'fastify';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { renderActionMail } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createOutboxRepo, type OutboxRow, type TOutboxMail } from './outbox.repo.ts';

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
const BATCH = 20;

/** 30 s, 1 min, 2 min ... capped at 1 h. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

/** Sends queued mails with retries; `drain()` runs one pass (tests call it), `start()` polls in the background. */
export function createOutbox({ db, mailer, mailerFor, log, maxAttempts = 8 }: OutboxOptions) {
  const repo = createOutboxRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function send(row: OutboxRow) {
    const mail = row.payload as unknown as TOutboxMail;
    const rendered = renderActionMail({ ...mail, lang: row.language as TLanguage });
    const via = (await mailerFor?.(row.tenantId)) ?? mailer;
    await via.send({ to: row.toAddress, ...rendered });
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await repo.claimDue(BATCH, LEASE_SECONDS);
      if (!rows.length) return sent;
      for (const row of rows) {
        try {
          await send(row);
          await repo.markSent(row);
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = row.attempts >= maxAttempts;
          log.warn({ mailId: row.id, tenantId: row.tenantId, attempt: row.attempts, giveUp, err: message }, 'mail not sent');
          await repo.markFailed(row, message.slice(0, 500), giveUp ? null : backoffSeconds(row.attempts));
        }
      }
    }
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
