import { and, eq, lte, sql } from 'drizzle-orm';
import type { TLanguage } from '@tavolo/contracts/i18n';
import { DEFAULT_APPEARANCE } from '@tavolo/contracts/looks';
import type { Db } from '../../db/client.ts';
import { mailOutbox, tenantAppearance, tenantSettings, tenants, users } from '../../db/schema/index.ts';
import type { ActionMail } from '../../lib/mail-templates.ts';

/** What a queued mail says; rendered in its language when it is sent. Values are escaped by the renderer. */
export type TOutboxMail = Omit<ActionMail, 'lang' | 'brand'> & {
  /** Written by the platform to the restaurant (its status, its trial): from the platform's sender, not the restaurant's name. */
  fromPlatform?: boolean;
  /** A mail to the restaurant about a guest's order or message is answered to the guest, not back to the restaurant. */
  replyTo?: string;
};

/** The stored payload: the mail plus the restaurant's origin at the time, to make a relative logo path absolute. */
export type TOutboxPayload = TOutboxMail & { origin?: string };

/**
 * Queues a mail in the caller's transaction: it is sent only if the event that causes it commits, and it is
 * never lost once that has happened. `origin` is http(s)://host[:port] of the restaurant (the sender cannot
 * know the scheme and port a guest used); logo and colour are read when the mail is sent.
 */
export async function enqueueMail(
  tx: Db,
  input: { tenantId: string; to: string; language: TLanguage; origin: string; mail: TOutboxMail; /** See mailOutbox.subjectId. */ subjectId?: string },
): Promise<void> {
  const payload: TOutboxPayload = { ...input.mail, origin: input.origin };
  await tx.insert(mailOutbox).values({
    tenantId: input.tenantId,
    template: 'action',
    toAddress: input.to,
    language: input.language,
    payload: payload as unknown as Record<string, unknown>,
    subjectId: input.subjectId,
  });
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The row as this claim took it: a process whose lease ran out must not overwrite what the next claimer records. */
const claimedBy = (row: OutboxRow) => and(eq(mailOutbox.tenantId, row.tenantId), eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts));

export function createOutboxRepo(db: Db) {
  return {
    /** What a restaurant's mails look like and who they are from: logo, colour, name, contact address. */
    async looks(tenantId: string): Promise<{ logo: string | null; color: string | null; name: string | null; email: string | null; suspended: boolean }> {
      const [row] = await db
        .select({ logo: tenantSettings.logo, color: tenantAppearance.primaryColor, name: tenants.name, email: tenants.email, status: tenants.status })
        .from(tenants)
        .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .leftJoin(tenantAppearance, eq(tenantAppearance.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId));
      // Looks never saved: the storefront wears the default theme, and so do the mails (not the platform's orange).
      return {
        logo: row?.logo ?? null,
        color: row ? (row.color ?? DEFAULT_APPEARANCE.primary_color) : null,
        name: row?.name ?? null,
        email: row?.email ?? null,
        suspended: row?.status === 'suspended',
      };
    },

    /** Whether an address is the restaurant's own or one of its team's. */
    async isTeamAddress(tenantId: string, address: string): Promise<boolean> {
      const lower = address.toLowerCase();
      const [own] = await db.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, tenantId), sql`lower(${tenants.email}) = ${lower}`));
      if (own) return true;
      const [member] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = ${lower}`)).limit(1);
      return Boolean(member);
    },

    /**
     * Restaurants with mail due now, the one whose mail has waited longest first, so a restaurant with a large
     * backlog cannot hold the others back. A plain read without locks: on Citus it runs on every shard, while
     * the claim that follows stays within one restaurant (see docs/scaling.md, Citus).
     */
    async dueTenants(limit: number): Promise<string[]> {
      const rows = await db
        .select({ tenantId: mailOutbox.tenantId })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .groupBy(mailOutbox.tenantId)
        .orderBy(sql`min(${mailOutbox.nextAttemptAt})`)
        .limit(limit);
      return rows.map((row) => row.tenantId);
    },

    /**
     * Claims up to `limit` of one restaurant's due mails: bumps their attempt count and pushes next_attempt_at
     * out by the lease, with SKIP LOCKED so several server processes never claim the same mail. A process that
     * dies while sending leaves the mail due again when the lease ends. The lock names the restaurant, so on
     * Citus it is a single-shard (router) statement, the only kind that may lock rows.
     */
    async claimDue(tenantId: string, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
      // One statement: the sub-select locks the due rows (skipping rows another process holds) and the update
      // takes them, so no explicit transaction stays open while mail is being sent. ARRAY(...) runs the sub-select
      // exactly once (an init plan): a semi-join could rescan it after the first rows were updated, and SKIP
      // LOCKED would then pass over those and claim more than `limit`.
      const rows = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(mailOutbox.tenantId, tenantId),
            sql`${mailOutbox.id} = any(array(
              select o.id from mail_outbox o
              where o.tenant_id = ${tenantId} and o.status = 'pending' and o.next_attempt_at <= now()
              order by o.next_attempt_at limit ${limit} for update skip locked))`,
          ),
        )
        .returning();
      // RETURNING follows the table's order; send the oldest mail first.
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /**
     * Extends this process's lease on a claimed mail before it is sent, if the claim is still its own: every claim
     * bumps `attempts`, so a changed count means the lease ran out and another process has claimed the mail since.
     */
    async renewLease(row: OutboxRow, leaseSeconds: number): Promise<boolean> {
      const renewed = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(claimedBy(row), eq(mailOutbox.status, 'pending')))
        .returning({ id: mailOutbox.id });
      return renewed.length > 0;
    },

    async markSent(row: OutboxRow) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(claimedBy(row));
    },

    async markFailed(row: OutboxRow, error: string, retryInSeconds: number | null) {
      await db
        .update(mailOutbox)
        .set(
          retryInSeconds === null
            ? { status: 'failed', lastError: error }
            : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
        )
        .where(claimedBy(row));
    },
  };
}
