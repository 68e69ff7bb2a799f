import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantAppearance } from '../../db/schema/index.ts';

export type AppearanceValues = Omit<typeof tenantAppearance.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>;

/** The only Drizzle code of the looks module; one row per tenant, keyed by the resolved tenant id. */
export function createAppearanceRepo(db: Db) {
  return {
    async load(tenantId: string) {
      const [row] = await db.select().from(tenantAppearance).where(eq(tenantAppearance.tenantId, tenantId)).limit(1);
      return row;
    },

    /** Inserts or replaces the tenant's row (no row yet means the defaults were showing). */
    async save(tenantId: string, values: AppearanceValues) {
      const now = new Date();
      const [row] = await db
        .insert(tenantAppearance)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: tenantAppearance.tenantId, set: { ...values, updatedAt: now } })
        .returning();
      return row!;
    },
  };
}
export type AppearanceRepo = ReturnType<typeof createAppearanceRepo>;
