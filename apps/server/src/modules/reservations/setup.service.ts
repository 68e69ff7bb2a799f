import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TDiningArea, TDiningTable, TReservationSettings, TReservationSetup, ZDiningArea, ZDiningTable } from '@tavolo/contracts/reservations';
import { localClock } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import { createCapacityRepo, toDiningArea, toDiningTable } from './capacity.repo.ts';
import { createSetupRepo, inSetupTransaction, type SetupRepo } from './setup.repo.ts';
import { unlessTaken } from '../../db/unique-violation.ts';

type AreaInput = z.output<typeof ZDiningArea>;
type TableInput = z.output<typeof ZDiningTable>;

const field = (name: string, key: string) => new AppError('VALIDATION', 'errors.validation', { [name]: [key] });

/** Two saves racing for one name: the unique index decides, the loser gets the same field error as the check. */
const guardName = <T>(key: string, fn: () => Promise<T>) => unlessTaken(fn, () => field('name', key));

const tableValues = (input: TableInput) => ({
  areaId: input.area_id,
  name: input.name,
  minSeats: input.min_seats,
  maxSeats: input.max_seats,
  joinable: input.joinable,
  active: input.active,
  position: input.position,
});

/**
 * The restaurant's reservation setup (dashboard): booking rules, dining areas and their tables. A table
 * that any booking has used is never deleted (that would erase which table the booking had): staff switch
 * it off instead, and tables with upcoming bookings must have those moved first.
 */
export function createSetupService(deps: { db: Db; now?: () => Date }) {
  const repo = createSetupRepo(deps.db);
  const capacity = createCapacityRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();

  const restaurant = async (tenantId: string) => {
    const row = await capacity.restaurant(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    return row;
  };

  const todayOf = async (tenantId: string) => localClock((await restaurant(tenantId)).timeZone, now()).date;

  /** Refuses to delete tables that hold upcoming bookings or appear in past ones (409, nothing changed). */
  async function assertDeletable(tx: SetupRepo, tenantId: string, tableIds: readonly string[], what: 'table' | 'area', today: string) {
    const { ever, upcoming } = await tx.bookingsAt(tenantId, tableIds, today);
    if (upcoming > 0) throw new AppError('CONFLICT', `reservations.errors.${what}_has_upcoming`, undefined, { count: upcoming });
    if (ever > 0) throw new AppError('CONFLICT', `reservations.errors.${what}_has_history`, undefined, { count: ever });
  }

  async function checkArea(tx: SetupRepo, tenantId: string, areaId: string) {
    if (!(await tx.area(tenantId, areaId))) throw field('area_id', 'reservations.validation.area_unknown');
  }

  return {
    async get(tenantId: string): Promise<TReservationSetup> {
      const [r, areas] = await Promise.all([restaurant(tenantId), capacity.areas(tenantId)]);
      return {
        settings: r.settings,
        areas,
        opening_hours: [...r.openingHours].sort((a, b) => a.day - b.day),
        time_zone: r.timeZone,
      };
    },

    async saveSettings(tenantId: string, input: TReservationSettings): Promise<TReservationSettings> {
      await repo.saveSettings(tenantId, input);
      return capacity.settings(tenantId);
    },

    createArea: (tenantId: string, input: AreaInput): Promise<TDiningArea> =>
      guardName('reservations.validation.area_name_taken', () =>
        inSetupTransaction(deps.db, async (tx) => {
          if (await tx.areaNameTaken(tenantId, input.name)) throw field('name', 'reservations.validation.area_name_taken');
          return toDiningArea(await tx.insertArea(tenantId, input), []);
        }),
      ),

    updateArea: (tenantId: string, id: string, input: AreaInput): Promise<TDiningArea> =>
      guardName('reservations.validation.area_name_taken', () =>
        inSetupTransaction(deps.db, async (tx) => {
          if (!(await tx.area(tenantId, id))) throw new AppError('NOT_FOUND');
          if (await tx.areaNameTaken(tenantId, input.name, id)) throw field('name', 'reservations.validation.area_name_taken');
          const row = (await tx.updateArea(tenantId, id, input))!;
          return toDiningArea(row, await tx.tables(tenantId));
        }),
      ),

    /** Deletes an area with its tables, unless one of them has bookings (see assertDeletable). */
    async deleteArea(tenantId: string, id: string): Promise<void> {
      const today = await todayOf(tenantId);
      await inSetupTransaction(deps.db, async (tx, db) => {
        if (!(await tx.area(tenantId, id))) throw new AppError('NOT_FOUND');
        // Under the booking lock: no guest can be placed at one of these tables while they go.
        await createCapacityRepo(db).lockBookings(tenantId);
        const tableIds = (await tx.tables(tenantId)).filter((t) => t.areaId === id).map((t) => t.id);
        await assertDeletable(tx, tenantId, tableIds, 'area', today);
        await tx.deleteArea(tenantId, id);
      });
    },

    createTable: (tenantId: string, input: TableInput): Promise<TDiningTable> =>
      guardName('reservations.validation.table_name_taken', () =>
        inSetupTransaction(deps.db, async (tx) => {
          await checkArea(tx, tenantId, input.area_id);
          if (await tx.tableNameTaken(tenantId, input.name)) throw field('name', 'reservations.validation.table_name_taken');
          return toDiningTable(await tx.insertTable(tenantId, tableValues(input)));
        }),
      ),

    updateTable: (tenantId: string, id: string, input: TableInput): Promise<TDiningTable> =>
      guardName('reservations.validation.table_name_taken', () =>
        inSetupTransaction(deps.db, async (tx) => {
          if (!(await tx.table(tenantId, id))) throw new AppError('NOT_FOUND');
          await checkArea(tx, tenantId, input.area_id);
          if (await tx.tableNameTaken(tenantId, input.name, id)) throw field('name', 'reservations.validation.table_name_taken');
          return toDiningTable((await tx.updateTable(tenantId, id, tableValues(input)))!);
        }),
      ),

    async deleteTable(tenantId: string, id: string): Promise<void> {
      const today = await todayOf(tenantId);
      await inSetupTransaction(deps.db, async (tx, db) => {
        if (!(await tx.table(tenantId, id))) throw new AppError('NOT_FOUND');
        await createCapacityRepo(db).lockBookings(tenantId);
        await assertDeletable(tx, tenantId, [id], 'table', today);
        await tx.deleteTable(tenantId, id);
      });
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
