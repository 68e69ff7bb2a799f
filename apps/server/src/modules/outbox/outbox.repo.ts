import { and, eq, sql } from 'drizzle-orm';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { ActionMail } from '../../lib/mail-templates.ts';

/** What a queued mail says; rendered in its language when it is sent. Values are escaped by the renderer. */
export type TOutboxMail = Omit<ActionMail, 'lang'>;

/**
 * Queues a mail in the caller's transaction: it is sent only if the event that causes it commits, and it is
 * never lost once that has happened.
 */
export async function enqueueMail(tx: Db, input: { tenantId: string; to: string; language: TLanguage; mail: TOutboxMail }): Promise<void> {
  await tx.insert(mailOutbox).values({
    tenantId: input.tenantId,
    template: 'action',
    toAddress: input.to,
    language: input.language,
    payload: input.mail as unknown as Record<string, unknown>,
  });
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function createOutboxRepo(db: Db) {
  return {
    /**
     * Claims up to `limit` due mails: bumps their attempt count and pushes next_attempt_at out by the lease, with
     * SKIP LOCKED so several server processes never claim the same mail. A process that dies while sending
     * leaves the mail due again when the lease ends.
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
      // One statement: the sub-select locks the due rows (skipping rows another process holds) and the update
      // takes them, so no explicit transaction stays open while mail is being sent.
      return db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          sql`(${mailOutbox.tenantId}, ${mailOutbox.id}) in (
            select o.tenant_id, o.id from mail_outbox o
            where o.status = 'pending' and o.next_attempt_at <= now()
            order by o.next_attempt_at limit ${limit} for update skip locked)`,
        )
        .returning();
    },

    async markSent(row: OutboxRow) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(and(eq(mailOutbox.tenantId, row.tenantId), eq(mailOutbox.id, row.id)));
    },

    async markFailed(row: OutboxRow, error: string, retryInSeconds: number | null) {
      await db
        .update(mailOutbox)
        .set(
          retryInSeconds === null
            ? { status: 'failed', lastError: error }
            : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
        )
        .where(and(eq(mailOutbox.tenantId, row.tenantId), eq(mailOutbox.id, row.id)));
    },
  };
}
