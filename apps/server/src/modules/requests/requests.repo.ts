import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  contactRequests,
  newsletterSubscribers,
  notifications,
  products,
  quoteRequests,
  reservations,
  stockCheckRequests,
  tenantSettings,
  tenants,
} from '../../db/schema/index.ts';

/** The only Drizzle code of the guest forms; every statement is filtered by the tenant's id. */
export function createRequestsRepo(db: Db) {
  return {
    /** What every form needs to know about the restaurant: status, where to send alerts, its phone, time zone and hours. */
    async restaurant(tenantId: string) {
      const [row] = await db
        .select({
          name: tenants.name,
          status: tenants.status,
          email: tenants.email,
          phone: tenants.phone,
          staffLanguage: tenants.staffLanguage,
          timeZone: tenantSettings.timeZone,
          openingHours: tenantSettings.openingHours,
        })
        .from(tenants)
        .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row;
    },

    async insertReservation(values: Omit<typeof reservations.$inferInsert, 'createdAt' | 'updatedAt'>) {
      await db.insert(reservations).values(values);
    },

    async insertNotification(tenantId: string, kind: string, data: Record<string, string | number>, subjectId: string) {
      await db.insert(notifications).values({ tenantId, kind, data, subjectId });
    },

    /** The address's row, locked until the transaction ends: a second sign-up for it waits for the first. */
    async subscriberByEmail(tenantId: string, email: string) {
      const [row] = await db
        .select()
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), eq(newsletterSubscribers.email, email)))
        .limit(1)
        .for('update');
      return row;
    },

    /** A new pending row, or false when the address has one (perhaps inserted a moment ago by a parallel sign-up). */
    async insertSubscriber({ at, ...values }: { tenantId: string; email: string; language: string; confirmTokenHash: string; unsubscribeTokenHash: string; at: Date }): Promise<boolean> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ ...values, status: 'pending', createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: [newsletterSubscribers.tenantId, newsletterSubscribers.email] })
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },

    /** Back to pending with fresh tokens: a new confirmation mail (the old links stop working). */
    async resetSubscriber(tenantId: string, id: string, { at, ...values }: { language: string; confirmTokenHash: string; unsubscribeTokenHash: string; at: Date }) {
      await db
        .update(newsletterSubscribers)
        .set({ ...values, status: 'pending', unsubscribedAt: null, confirmedAt: null, updatedAt: at })
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), eq(newsletterSubscribers.id, id)));
    },

    /** Pending -> confirmed; the confirmation token works once. Returns whether a row changed. */
    /**
     * Confirms a pending sign-up by its link; the link keeps naming the row, so a second click (a mail scanner, the
     * guest again) hears "already confirmed" rather than "invalid". Null: no such link, or the guest unsubscribed since.
     */
    async confirmSubscriber(tenantId: string, confirmTokenHash: string): Promise<'confirmed' | 'already' | null> {
      const rows = await db
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(newsletterSubscribers.tenantId, tenantId),
            eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash),
            eq(newsletterSubscribers.status, 'pending'),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (rows.length) return 'confirmed';
      const [done] = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash), eq(newsletterSubscribers.status, 'confirmed')))
        .limit(1);
      return done ? 'already' : null;
    },

    /** Any state -> unsubscribed (idempotent for an already unsubscribed row). Returns whether the token named a row. */
    async unsubscribe(tenantId: string, unsubscribeTokenHash: string) {
      const rows = await db
        .update(newsletterSubscribers)
        .set({
          status: 'unsubscribed',
          confirmTokenHash: null,
          unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), eq(newsletterSubscribers.unsubscribeTokenHash, unsubscribeTokenHash)))
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },

    async insertContact(values: Omit<typeof contactRequests.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>) {
      const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
      return row!.id;
    },

    /** A product guests can see: active, in an active category, of this restaurant. */
    async visibleProduct(tenantId: string, productId: string) {
      const [row] = await db
        .select({ id: products.id, name: products.name, trackStock: products.trackStock, stockQuantity: products.stockQuantity })
        .from(products)
        .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
        .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), eq(products.isActive, true), eq(categories.isActive, true)))
        .limit(1);
      return row;
    },

    /** Every product a guest may ask about, in menu order (one query). */
    async visibleProducts(tenantId: string) {
      return db
        .select({ id: products.id, name: products.name, category: categories.name })
        .from(products)
        .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
        .where(and(eq(products.tenantId, tenantId), eq(products.isActive, true), eq(categories.isActive, true)))
        .orderBy(asc(categories.sortOrder), asc(categories.name), asc(products.sortOrder), asc(products.name));
    },

    async insertStockCheck(values: Omit<typeof stockCheckRequests.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>) {
      const [row] = await db.insert(stockCheckRequests).values(values).returning({ id: stockCheckRequests.id });
      return row!.id;
    },

    async insertQuote(values: Omit<typeof quoteRequests.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>) {
      const [row] = await db.insert(quoteRequests).values(values).returning({ id: quoteRequests.id });
      return row!.id;
    },
  };
}
export type RequestsRepo = ReturnType<typeof createRequestsRepo>;

/** Runs `fn` with the repo and the transaction it is bound to (for the outbox): all of it is written, or none. */
export function inRequestsTransaction<T>(db: Db, fn: (repo: RequestsRepo, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createRequestsRepo(tx as unknown as Db), tx as unknown as Db));
}
