import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TMailStatus } from '@tavolo/contracts/mail-log';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailLogRow = typeof mailOutbox.$inferSelect;

/** The only Drizzle code of the mail log; every statement is filtered by the tenant's key. */
export function createMailLogRepo(db: Db) {
  return {
    /** One page, newest first, plus the count; uses the (tenant_id, created_at) index. */
    async list(tenantId: string, q: { status?: TMailStatus; page: number; perPage: number }) {
      const filters: SQL[] = [eq(mailOutbox.tenantId, tenantId)];
      if (q.status) filters.push(eq(mailOutbox.status, q.status));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        db.select({ n: count() }).from(mailOutbox).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(tenantId: string, id: string): Promise<MailLogRow | undefined> {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Puts a failed mail back in the queue as if it were new. The status test is in the statement itself, so two
     * admins clicking at once (or a click racing the worker) queue it once; undefined: it was not failed (any more).
     */
    async requeueFailed(tenantId: string, id: string): Promise<MailLogRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
        .returning();
      return row;
    },
  };
}
export type MailLogRepo = ReturnType<typeof createMailLogRepo>;
