import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reservationTables, reservations } from '../../db/schema/index.ts';

export type ReservationRow = typeof reservations.$inferSelect;

/** The staff side's own reads and writes of reservations (the tables a booking holds go through the capacity repo). */
export function createStaffRepo(db: Db) {
  return {
    /** Every booking of the date, whatever its status, by start time, with the ids of the tables it holds. */
    async day(tenantId: string, date: string): Promise<(ReservationRow & { tableIds: string[] })[]> {
      const rows = await db
        .select({ reservation: reservations, tableId: reservationTables.tableId })
        .from(reservations)
        .leftJoin(reservationTables, and(eq(reservationTables.tenantId, reservations.tenantId), eq(reservationTables.reservationId, reservations.id)))
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.date, date)))
        .orderBy(asc(reservations.time), asc(reservations.createdAt), asc(reservations.id));
      const byId = new Map<string, ReservationRow & { tableIds: string[] }>();
      for (const { reservation, tableId } of rows) {
        const booking = byId.get(reservation.id) ?? { ...reservation, tableIds: [] };
        byId.set(reservation.id, booking);
        if (tableId) booking.tableIds.push(tableId);
      }
      return [...byId.values()];
    },

    async insert(values: typeof reservations.$inferInsert): Promise<void> {
      await db.insert(reservations).values(values);
    },

    /** The row, locked until the transaction ends (a move and a status change are served one after the other). */
    async lock(tenantId: string, id: string): Promise<ReservationRow | undefined> {
      const [row] = await db
        .select()
        .from(reservations)
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
        .for('update');
      return row;
    },

    async setPlacement(tenantId: string, id: string, values: Pick<ReservationRow, 'date' | 'time' | 'guests' | 'durationMinutes'>): Promise<void> {
      await db
        .update(reservations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)));
    },
  };
}
export type StaffRepo = ReturnType<typeof createStaffRepo>;
