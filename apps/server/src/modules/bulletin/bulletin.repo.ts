import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, users } from '../../db/schema/index.ts';

export type BulletinRow = typeof bulletinPosts.$inferSelect;

/** Pinned first, then newest: the order everywhere the bulletin is shown (uses the (tenant, pinned, created) index). */
export const bulletinOrder = [desc(bulletinPosts.pinned), desc(bulletinPosts.createdAt), desc(bulletinPosts.id)];

/** The only Drizzle code of the bulletin; every statement is filtered by the tenant's key. */
export function createBulletinRepo(db: Db) {
  const own = (tenantId: string, id: string) => and(eq(bulletinPosts.tenantId, tenantId), eq(bulletinPosts.id, id));
  return {
    async list(tenantId: string, q: { page: number; perPage: number }) {
      const where = eq(bulletinPosts.tenantId, tenantId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bulletinPosts)
          .where(where)
          .orderBy(...bulletinOrder)
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        db.select({ n: count() }).from(bulletinPosts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async authorName(tenantId: string, userId: string): Promise<string> {
      const [row] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      return row?.name ?? '';
    },

    async insert(values: typeof bulletinPosts.$inferInsert): Promise<BulletinRow> {
      const [row] = await db.insert(bulletinPosts).values(values).returning();
      return row!;
    },

    async update(tenantId: string, id: string, values: { title: string; body: string; pinned: boolean }): Promise<BulletinRow | undefined> {
      const [row] = await db.update(bulletinPosts).set(values).where(own(tenantId, id)).returning();
      return row;
    },

    async remove(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(bulletinPosts).where(own(tenantId, id)).returning({ id: bulletinPosts.id });
      return rows.length > 0;
    },
  };
}
