import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { TContactMessageStatus } from '@tavolo/contracts/marketing';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/product-page.ts';
import { platformContactMessages as m, platformUsers } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof m.$inferSelect & { handledByName: string | null };

export interface ContactMessageFilter {
  status?: TContactMessageStatus;
  search?: string;
  page: number;
  perPage: number;
}

const columns = {
  id: m.id,
  name: m.name,
  email: m.email,
  phone: m.phone,
  restaurantName: m.restaurantName,
  subject: m.subject,
  message: m.message,
  language: m.language,
  handledAt: m.handledAt,
  handledBy: m.handledBy,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
  handledByName: platformUsers.name,
};

/** The marketing site's contact messages: platform data, no tenant. */
export function createContactRepo(db: Db) {
  const where = (filter: Pick<ContactMessageFilter, 'status' | 'search'>) => {
    const conditions: SQL[] = [];
    if (filter.status === 'new') conditions.push(isNull(m.handledAt));
    if (filter.status === 'handled') conditions.push(isNotNull(m.handledAt));
    if (filter.search) {
      const like = `%${escapeLike(filter.search)}%`;
      conditions.push(or(ilike(m.name, like), ilike(m.email, like), ilike(m.subject, like), ilike(m.message, like), ilike(m.restaurantName, like))!);
    }
    return conditions.length ? and(...conditions) : undefined;
  };

  return {
    async insert(values: typeof m.$inferInsert) {
      const [row] = await db.insert(m).values(values).returning({ id: m.id });
      return row!.id;
    },

    async list(filter: ContactMessageFilter): Promise<{ rows: ContactMessageRow[]; total: number; newCount: number }> {
      const condition = where(filter);
      const [rows, [total], [fresh]] = await Promise.all([
        db
          .select(columns)
          .from(m)
          .leftJoin(platformUsers, eq(platformUsers.id, m.handledBy))
          .where(condition)
          .orderBy(desc(m.createdAt), desc(m.id))
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage),
        db.select({ n: count() }).from(m).where(condition),
        db.select({ n: count() }).from(m).where(isNull(m.handledAt)),
      ]);
      return { rows, total: total!.n, newCount: fresh!.n };
    },

    async byId(id: string): Promise<ContactMessageRow | undefined> {
      const [row] = await db.select(columns).from(m).leftJoin(platformUsers, eq(platformUsers.id, m.handledBy)).where(eq(m.id, id));
      return row;
    },

    /** Returns whether the message exists. */
    async setHandled(id: string, handledBy: string | null, at: Date | null): Promise<boolean> {
      const rows = await db.update(m).set({ handledAt: at, handledBy, updatedAt: new Date() }).where(eq(m.id, id)).returning({ id: m.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(m).where(eq(m.id, id)).returning({ id: m.id });
      return rows.length > 0;
    },
  };
}
