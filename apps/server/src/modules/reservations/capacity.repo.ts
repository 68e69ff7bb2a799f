import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RESERVATION_SETTINGS, HOLDING_STATUSES, type TDiningArea, type TDiningTable, type TReservationSettings } from '@tavolo/contracts/reservations';
import { weekdayOf } from '@tavolo/contracts/requests';
import { dateNear } from '@tavolo/contracts/time';
import { createRequestsRepo } from '../requests/requests.repo.ts';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import type { Db } from '../../db/client.ts';
import { diningAreas, diningTables, reservationSettings, reservationTables, reservations } from '../../db/schema/index.ts';
import { toMinutes, type CapacityTable, type HeldBooking } from './availability.ts';

type SettingsRow = typeof reservationSettings.$inferSelect;
export type AreaRow = typeof diningAreas.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;

/** The API shape of a table row. */
export const toDiningTable = (row: TableRow): TDiningTable => ({
  id: row.id,
  area_id: row.areaId,
  name: row.name,
  min_seats: row.minSeats,
  max_seats: row.maxSeats,
  joinable: row.joinable,
  active: row.active,
  position: row.position,
});

/** An area with its tables (`tables` already in position order). */
export const toDiningArea = (row: AreaRow, tables: readonly TableRow[]): TDiningArea => ({
  id: row.id,
  name: row.name,
  position: row.position,
  tables: tables.filter((t) => t.areaId === row.id).map(toDiningTable),
});

/** The API shape of a settings row. */
export const toSettings = (row: SettingsRow): TReservationSettings => ({
  slot_interval_minutes: row.slotIntervalMinutes,
  stay_rules: row.stayRules,
  lead_time_minutes: row.leadTimeMinutes,
  max_days_ahead: row.maxDaysAhead,
  max_party_online: row.maxPartyOnline,
  auto_confirm: row.autoConfirm,
  cancel_cutoff_hours: row.cancelCutoffHours,
  hours: row.hours ?? null,
});

/**
 * What every capacity question reads: the booking rules, the tables and the bookings that hold tables on a
 * date. Shared by the guest side, the staff side and the setup; every statement is filtered by tenant.
 */
export function createCapacityRepo(db: Db) {
  return {
    /** The restaurant's name, status, contact, time zone, opening hours and booking rules (defaults until saved). */
    async restaurant(tenantId: string) {
      const row = await createRequestsRepo(db).restaurant(tenantId);
      if (!row) return undefined;
      const settings = await this.settings(tenantId);
      return { ...row, settings, hours: settings.hours ?? row.openingHours };
    },

    async settings(tenantId: string): Promise<TReservationSettings> {
      const [row] = await db.select().from(reservationSettings).where(eq(reservationSettings.tenantId, tenantId)).limit(1);
      return row ? toSettings(row) : DEFAULT_RESERVATION_SETTINGS;
    },

    /**
     * Serialises every booking change of one restaurant (the settings row is the lock): two guests racing
     * for the last table are checked one after the other. Call first thing in the transaction.
     */
    async lockBookings(tenantId: string): Promise<void> {
      await db.insert(reservationSettings).values({ tenantId }).onConflictDoNothing();
      await db.execute(sql`select 1 from ${reservationSettings} where ${reservationSettings.tenantId} = ${tenantId} for update`);
    },

    /** Every table (inactive ones too), in area order then table order, with that order as `order`. */
    async tables(tenantId: string): Promise<(CapacityTable & { name: string; areaName: string })[]> {
      const rows = await db
        .select({
          id: diningTables.id,
          areaId: diningTables.areaId,
          name: diningTables.name,
          areaName: diningAreas.name,
          minSeats: diningTables.minSeats,
          maxSeats: diningTables.maxSeats,
          joinable: diningTables.joinable,
          active: diningTables.active,
        })
        .from(diningTables)
        .innerJoin(diningAreas, and(eq(diningAreas.tenantId, diningTables.tenantId), eq(diningAreas.id, diningTables.areaId)))
        .where(eq(diningTables.tenantId, tenantId))
        .orderBy(asc(diningAreas.position), asc(diningAreas.name), asc(diningTables.position), asc(diningTables.name));
      return rows.map((row, order) => ({ ...row, order }));
    },

    /** The areas in order, each with all its tables (inactive ones too) in order: the setup page and the day view. */
    async areas(tenantId: string): Promise<TDiningArea[]> {
      const [areas, tables] = await Promise.all([
        db.select().from(diningAreas).where(eq(diningAreas.tenantId, tenantId)).orderBy(asc(diningAreas.position), asc(diningAreas.name)),
        db.select().from(diningTables).where(eq(diningTables.tenantId, tenantId)).orderBy(asc(diningTables.position), asc(diningTables.name)),
      ]);
      return areas.map((a) => toDiningArea(a, tables));
    },

    /**
     * The bookings holding tables on `date` (pending, confirmed, seated) with the tables each holds, in minutes of
     * that date. The day before and after count too (shifted by a day): a Friday 23:00 stay runs into Saturday.
     */
    async held(tenantId: string, date: string): Promise<HeldBooking[]> {
      const before = dateNear(date, -1);
      const after = dateNear(date, 1);
      const rows = await db
        .select({ id: reservations.id, date: reservations.date, time: reservations.time, duration: reservations.durationMinutes, tableId: reservationTables.tableId })
        .from(reservations)
        .leftJoin(reservationTables, and(eq(reservationTables.tenantId, reservations.tenantId), eq(reservationTables.reservationId, reservations.id)))
        .where(and(eq(reservations.tenantId, tenantId), inArray(reservations.date, [before, date, after].filter((day) => day !== null)), inArray(reservations.status, [...HOLDING_STATUSES])));
      const byId = new Map<string, { id: string; start: number; end: number; tableIds: string[] }>();
      for (const row of rows) {
        let booking = byId.get(row.id);
        if (!booking) {
          const start = toMinutes(row.time) + (row.date === before ? -1440 : row.date === after ? 1440 : 0);
          booking = { id: row.id, start, end: start + row.duration, tableIds: [] };
          byId.set(row.id, booking);
        }
        if (row.tableId) booking.tableIds.push(row.tableId);
      }
      // The day before counts only with a stay that runs past midnight.
      return [...byId.values()].filter((b) => b.end > 0);
    },

    /** Gives a booking exactly these tables (replacing what it held). */
    async assignTables(tenantId: string, reservationId: string, tableIds: readonly string[]): Promise<void> {
      await db.delete(reservationTables).where(and(eq(reservationTables.tenantId, tenantId), eq(reservationTables.reservationId, reservationId)));
      if (tableIds.length) await db.insert(reservationTables).values(tableIds.map((tableId) => ({ tenantId, reservationId, tableId })));
    },
  };
}
export type CapacityRepo = ReturnType<typeof createCapacityRepo>;

/** The reservation hours of a date's weekday. */
export const hoursOfDay = (hours: readonly TOpeningDay[], date: string): TOpeningDay | undefined => hours.find((d) => d.day === weekdayOf(date));

/** The reservation hours of the weekday before a date's: their overnight tail falls on that date. */
export const hoursOfDayBefore = (hours: readonly TOpeningDay[], date: string): TOpeningDay | undefined => hours.find((d) => d.day === (weekdayOf(date) + 6) % 7);

/** YYYY-MM-DD plus `days` (calendar days, no time zone involved). */
