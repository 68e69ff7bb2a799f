import { and, count, desc, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a user may not see: kinds their permissions exclude, and (without orders.view) anything about an order. */
export interface Hidden {
  kinds: string[];
  orders: boolean;
}

/** The only Drizzle code of the bell; every statement is filtered by the tenant and by what the user may see. */
export function createNotificationsRepo(db: Db) {
  const visible = (tenantId: string, hidden: Hidden, ...more: SQL[]) =>
    and(eq(notifications.tenantId, tenantId), hidden.kinds.length ? notInArray(notifications.kind, hidden.kinds) : undefined, hidden.orders ? isNull(notifications.orderId) : undefined, ...more);

  return {
    async latest(tenantId: string, hidden: Hidden, limit: number): Promise<NotificationRow[]> {
      return db.select().from(notifications).where(visible(tenantId, hidden)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
    },

    async unreadCount(tenantId: string, hidden: Hidden): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(visible(tenantId, hidden, eq(notifications.isRead, false)));
      return Number(row?.n ?? 0);
    },

    /** False when there is no such notification the user may see. */
    async markRead(tenantId: string, hidden: Hidden, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(visible(tenantId, hidden, eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(tenantId: string, hidden: Hidden): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(visible(tenantId, hidden, eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
