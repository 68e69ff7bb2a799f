import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantSettings, tenants } from '../../db/schema/index.ts';

export type TenantValues = Pick<
  typeof tenants.$inferInsert,
  'name' | 'email' | 'phone' | 'address' | 'street' | 'postalCode' | 'city' | 'state' | 'country' | 'county' | 'staffLanguage'
>;
export type SettingsValues = Omit<typeof tenantSettings.$inferInsert, 'tenantId' | 'logo' | 'createdAt' | 'updatedAt'>;

/** The only Drizzle code of the settings module; every statement is filtered by the tenant's key. */
export function createSettingsRepo(db: Db) {
  return {
    async load(tenantId: string) {
      const [row] = await db
        .select({ tenant: tenants, settings: tenantSettings })
        .from(tenants)
        .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row;
    },

    /** The stored currency, read in the save's transaction (a changed code decides the symbol). */
    async currency(tenantId: string) {
      const [row] = await db
        .select({ code: tenantSettings.currencyCode, symbol: tenantSettings.currencySymbol })
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
        .limit(1);
      return row;
    },

    async updateTenant(tenantId: string, values: TenantValues) {
      const rows = await db
        .update(tenants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tenants.id, tenantId))
        .returning({ slug: tenants.slug });
      return rows[0];
    },

    async updateSettings(tenantId: string, values: SettingsValues) {
      const rows = await db
        .update(tenantSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tenantSettings.tenantId, tenantId))
        .returning({ tenantId: tenantSettings.tenantId });
      return rows.length;
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

/** Runs `fn` with a repo bound to one transaction: all of it is written, or none. */
export function inSettingsTransaction<T>(db: Db, fn: (repo: SettingsRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createSettingsRepo(tx as unknown as Db)));
}
