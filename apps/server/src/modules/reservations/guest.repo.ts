import { and, eq, inArray } from 'drizzle-orm';
import type { TReservationStatus } from '@tavolo/contracts/inbox';
import type { Db } from '../../db/client.ts';
import { notifications, reservations } from '../../db/schema/index.ts';

/** The guest's own reservation behind a view/cancel link; every statement is filtered by tenant. */
export function createGuestRepo(db: Db) {
  return {
    /** The reservation whose link token hashes to `tokenHash`, of this restaurant only. */
    async byTokenHash(tenantId: string, tokenHash: string) {
      const [row] = await db
        .select({
          id: reservations.id,
          fullName: reservations.fullName,
          email: reservations.email,
          date: reservations.date,
          time: reservations.time,
          guests: reservations.guests,
          status: reservations.status,
          language: reservations.language,
        })
        .from(reservations)
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.manageTokenHash, tokenHash)))
        .limit(1);
      return row && { ...row, status: row.status as TReservationStatus };
    },

    /** Cancels it if it is still in one of `from`; returns whether it did (a staff change may have come first). */
    async cancel(tenantId: string, id: string, from: readonly TReservationStatus[]): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(reservations)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id), inArray(reservations.status, [...from])))
        .returning({ id: reservations.id });
      return rows.length > 0;
    },

    async insertNotification(tenantId: string, kind: string, data: Record<string, string | number>, subjectId: string) {
      await db.insert(notifications).values({ tenantId, kind, data, subjectId });
    },
  };
}

export function inGuestTransaction<T>(db: Db, fn: (repo: ReturnType<typeof createGuestRepo>, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createGuestRepo(tx as unknown as Db), tx as unknown as Db));
}
