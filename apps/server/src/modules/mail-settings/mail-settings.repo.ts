import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantMailSettings } from '../../db/schema/index.ts';

export type MailSettingsRow = typeof tenantMailSettings.$inferSelect;
export type MailSettingsValues = Pick<MailSettingsRow, 'host' | 'port' | 'security' | 'username' | 'fromName' | 'fromEmail'>;

/** The only Drizzle code of the e-mail settings; every statement is filtered by the tenant's key. */
export function createMailSettingsRepo(db: Db) {
  return {
    async load(tenantId: string): Promise<MailSettingsRow | undefined> {
      const [row] = await db.select().from(tenantMailSettings).where(eq(tenantMailSettings.tenantId, tenantId)).limit(1);
      return row;
    },

    /**
     * Insert or update in one statement. `password`: a sealed value or null to set it, undefined to keep
     * what is stored (a first save then has none).
     */
    async upsert(tenantId: string, values: MailSettingsValues, password: string | null | undefined): Promise<MailSettingsRow> {
      const now = new Date();
      const set = { ...values, ...(password !== undefined && { passwordEncrypted: password }), updatedAt: now };
      const [row] = await db
        .insert(tenantMailSettings)
        .values({ tenantId, ...values, passwordEncrypted: password ?? null, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: tenantMailSettings.tenantId, set })
        .returning();
      return row!;
    },

    async remove(tenantId: string): Promise<boolean> {
      const rows = await db.delete(tenantMailSettings).where(eq(tenantMailSettings.tenantId, tenantId)).returning({ tenantId: tenantMailSettings.tenantId });
      return rows.length > 0;
    },
  };
}
export type MailSettingsRepo = ReturnType<typeof createMailSettingsRepo>;
