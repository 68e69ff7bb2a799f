import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The signed-in user's own name and picture; every query is filtered by tenant and user. */
export function createProfileRepo(db: Db) {
  const own = (tenantId: string, userId: string) => and(eq(users.tenantId, tenantId), eq(users.id, userId));
  return {
    async setName(tenantId: string, userId: string, name: string): Promise<boolean> {
      const rows = await db.update(users).set({ name }).where(own(tenantId, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Sets the avatar and answers the one it replaced (undefined: no such user), read under a row lock so two uploads never both keep the same old file. */
    async replaceAvatar(tenantId: string, userId: string, avatar: string | null): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ avatar: users.avatar }).from(users).where(own(tenantId, userId)).for('update');
        if (!row) return undefined;
        await tx.update(users).set({ avatar }).where(own(tenantId, userId));
        return { previous: row.avatar };
      });
    },
  };
}
