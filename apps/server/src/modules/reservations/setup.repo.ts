import { and, asc, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { HOLDING_STATUSES, type TReservationSettings } from '@tavolo/contracts/reservations';
import type { Db } from '../../db/client.ts';
import { diningAreas, diningTables, reservationSettings, reservationTables, reservations } from '../../db/schema/index.ts';
import type { AreaRow, TableRow } from './capacity.repo.ts';

type TableValues = Pick<TableRow, 'areaId' | 'name' | 'minSeats' | 'maxSeats' | 'joinable' | 'active'> & { position?: number };

/** The only Drizzle code of the reservation setup (areas, tables, booking rules); every statement is filtered by tenant. */
export function createSetupRepo(db: Db) {
  /** One past the last position among `rows`, so a new area or table lands at the end. */
  const nextPosition = async (table: typeof diningAreas | typeof diningTables, where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ next: sql<number>`coalesce(max(${table.position}), -1) + 1`.mapWith(Number) })
      .from(table)
      .where(where);
    return row!.next;
  };

  return {
    tables: (tenantId: string) => db.select().from(diningTables).where(eq(diningTables.tenantId, tenantId)).orderBy(asc(diningTables.position), asc(diningTables.name)),

    async area(tenantId: string, id: string): Promise<AreaRow | undefined> {
      const [row] = await db
        .select()
        .from(diningAreas)
        .where(and(eq(diningAreas.tenantId, tenantId), eq(diningAreas.id, id)))
        .limit(1);
      return row;
    },

    async table(tenantId: string, id: string): Promise<TableRow | undefined> {
      const [row] = await db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.tenantId, tenantId), eq(diningTables.id, id)))
        .limit(1);
      return row;
    },

    /** Names are unique per restaurant regardless of case (`exceptId`: the row being renamed). */
    async areaNameTaken(tenantId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: diningAreas.id })
        .from(diningAreas)
        .where(and(eq(diningAreas.tenantId, tenantId), sql`lower(${diningAreas.name}) = lower(${name})`, exceptId ? ne(diningAreas.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async tableNameTaken(tenantId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: diningTables.id })
        .from(diningTables)
        .where(and(eq(diningTables.tenantId, tenantId), sql`lower(${diningTables.name}) = lower(${name})`, exceptId ? ne(diningTables.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async insertArea(tenantId: string, values: { name: string; position?: number }): Promise<AreaRow> {
      const position = values.position ?? (await nextPosition(diningAreas, and(eq(diningAreas.tenantId, tenantId))));
      const [row] = await db.insert(diningAreas).values({ tenantId, name: values.name, position }).returning();
      return row!;
    },

    async updateArea(tenantId: string, id: string, values: { name: string; position?: number }): Promise<AreaRow | undefined> {
      const [row] = await db
        .update(diningAreas)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(diningAreas.tenantId, tenantId), eq(diningAreas.id, id)))
        .returning();
      return row;
    },

    async deleteArea(tenantId: string, id: string) {
      await db.delete(diningAreas).where(and(eq(diningAreas.tenantId, tenantId), eq(diningAreas.id, id)));
    },

    async insertTable(tenantId: string, values: TableValues): Promise<TableRow> {
      const position = values.position ?? (await nextPosition(diningTables, and(eq(diningTables.tenantId, tenantId), eq(diningTables.areaId, values.areaId))));
      const [row] = await db
        .insert(diningTables)
        .values({ tenantId, ...values, position })
        .returning();
      return row!;
    },

    async updateTable(tenantId: string, id: string, values: TableValues): Promise<TableRow | undefined> {
      const [row] = await db
        .update(diningTables)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(diningTables.tenantId, tenantId), eq(diningTables.id, id)))
        .returning();
      return row;
    },

    async deleteTable(tenantId: string, id: string) {
      await db.delete(diningTables).where(and(eq(diningTables.tenantId, tenantId), eq(diningTables.id, id)));
    },

    /**
     * How many bookings ever sat at these tables, and how many of them still hold one today or later: the
     * first decides whether a delete would erase history, the second whether it would strand guests.
     */
    async bookingsAt(tenantId: string, tableIds: readonly string[], today: string): Promise<{ ever: number; upcoming: number }> {
      if (tableIds.length === 0) return { ever: 0, upcoming: 0 };
      const [row] = await db
        .select({
          ever: count(sql`distinct ${reservations.id}`),
          upcoming: sql<number>`count(distinct ${reservations.id}) filter (where ${and(gte(reservations.date, today), inArray(reservations.status, [...HOLDING_STATUSES]))})`.mapWith(Number),
        })
        .from(reservationTables)
        .innerJoin(reservations, and(eq(reservations.tenantId, reservationTables.tenantId), eq(reservations.id, reservationTables.reservationId)))
        .where(and(eq(reservationTables.tenantId, tenantId), inArray(reservationTables.tableId, [...tableIds])));
      return { ever: Number(row?.ever ?? 0), upcoming: Number(row?.upcoming ?? 0) };
    },

    async saveSettings(tenantId: string, s: TReservationSettings) {
      const values = {
        slotIntervalMinutes: s.slot_interval_minutes,
        stayRules: s.stay_rules,
        leadTimeMinutes: s.lead_time_minutes,
        maxDaysAhead: s.max_days_ahead,
        maxPartyOnline: s.max_party_online,
        autoConfirm: s.auto_confirm,
        cancelCutoffHours: s.cancel_cutoff_hours,
        hours: s.hours,
      };
      await db
        .insert(reservationSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: reservationSettings.tenantId, set: { ...values, updatedAt: new Date() } });
    },
  };
}
export type SetupRepo = ReturnType<typeof createSetupRepo>;

export function inSetupTransaction<T>(db: Db, fn: (repo: SetupRepo, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createSetupRepo(tx as unknown as Db), tx as unknown as Db));
}
