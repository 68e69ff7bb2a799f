import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryZones, orderingSettings, tenants, tenantSettings } from '../../db/schema/index.ts';

export type ZoneValues = Pick<typeof deliveryZones.$inferInsert, 'name' | 'kind' | 'postalCodes' | 'radiusMeters' | 'feeCents' | 'minOrderCents' | 'isActive'>;
export type SettingsValues = Omit<typeof orderingSettings.$inferInsert, 'tenantId' | 'pricesIncludeTax' | 'pausedUntil' | 'createdAt' | 'updatedAt'>;

/** The ordering rules a restaurant edits on its dashboard: settings row, delivery zones, the "busy" pause. */
export function createOrderingRepo(db: Db) {
  return {
    async settingsRow(tenantId: string) {
      const [row] = await db.select().from(orderingSettings).where(eq(orderingSettings.tenantId, tenantId));
      return row;
    },

    async timeZone(tenantId: string) {
      const [row] = await db.select({ timeZone: tenantSettings.timeZone }).from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId));
      return row?.timeZone;
    },

    /** Serialises a restaurant's zone and location writes (zone limit, radius zones need a location). */
    async lockTenant(tenantId: string) {
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
      return row !== undefined;
    },

    /** Upsert without touching the tax mode or the pause (other pages own them). */
    async saveSettings(tenantId: string, values: SettingsValues) {
      const [row] = await db
        .insert(orderingSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: orderingSettings.tenantId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    async setPausedUntil(tenantId: string, pausedUntil: Date | null) {
      await db
        .insert(orderingSettings)
        .values({ tenantId, pausedUntil })
        .onConflictDoUpdate({ target: orderingSettings.tenantId, set: { pausedUntil, updatedAt: new Date() } });
    },

    zones(tenantId: string) {
      return db.select().from(deliveryZones).where(eq(deliveryZones.tenantId, tenantId)).orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.createdAt));
    },

    async zone(tenantId: string, id: string) {
      const [row] = await db
        .select()
        .from(deliveryZones)
        .where(and(eq(deliveryZones.tenantId, tenantId), eq(deliveryZones.id, id)));
      return row;
    },

    async zoneStats(tenantId: string) {
      const [row] = await db
        .select({ n: count(), last: max(deliveryZones.sortOrder) })
        .from(deliveryZones)
        .where(eq(deliveryZones.tenantId, tenantId));
      return { count: row?.n ?? 0, lastSort: row?.last ?? -1 };
    },

    async radiusZones(tenantId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(deliveryZones)
        .where(and(eq(deliveryZones.tenantId, tenantId), eq(deliveryZones.kind, 'radius')));
      return row?.n ?? 0;
    },

    async insertZone(tenantId: string, values: ZoneValues & { sortOrder: number }) {
      const [row] = await db
        .insert(deliveryZones)
        .values({ tenantId, ...values })
        .returning();
      return row!;
    },

    async updateZone(tenantId: string, id: string, values: Partial<ZoneValues> & { sortOrder?: number }) {
      const [row] = await db
        .update(deliveryZones)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(deliveryZones.tenantId, tenantId), eq(deliveryZones.id, id)))
        .returning();
      return row;
    },

    async deleteZone(tenantId: string, id: string) {
      const rows = await db
        .delete(deliveryZones)
        .where(and(eq(deliveryZones.tenantId, tenantId), eq(deliveryZones.id, id)))
        .returning({ id: deliveryZones.id });
      return rows.length > 0;
    },
  };
}
export type OrderingRepo = ReturnType<typeof createOrderingRepo>;

export function inOrderingTransaction<T>(db: Db, fn: (repo: OrderingRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createOrderingRepo(tx as unknown as Db)));
}
