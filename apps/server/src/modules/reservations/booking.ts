import { AppError } from '@tavolo/contracts/errors';
import type { TReservationSettings } from '@tavolo/contracts/reservations';
import { freeTables, pickTables, stayMinutes, toMinutes } from './availability.ts';
import type { CapacityRepo } from './capacity.repo.ts';

export interface Placement {
  date: string;
  time: string;
  guests: number;
  /** Default: the stay rules for the party. */
  durationMinutes?: number;
  /** Chosen by staff; default: picked (smallest table, or joined tables, that fit). */
  tableIds?: readonly string[];
  /** The booking being moved: it does not conflict with itself. */
  ignoreId?: string;
  /** Staff placing it: told when no table could ever seat the party (another time would not help). */
  staff?: boolean;
}

/**
 * The one place that decides which tables a booking holds, for guests and staff alike. Takes the
 * restaurant's booking lock first, so call it at the start of the transaction that writes the booking:
 * of two requests racing for the last table, the second sees the first's tables taken and gets a 409.
 *
 * Staff-chosen tables are only checked for existence and conflicts (staff may squeeze a party onto a
 * smaller table); picked tables must seat the party. A restaurant without tables takes every booking.
 */
export async function placeBooking(repo: CapacityRepo, tenantId: string, settings: TReservationSettings, p: Placement): Promise<{ tableIds: string[]; durationMinutes: number }> {
  await repo.lockBookings(tenantId);
  const durationMinutes = p.durationMinutes ?? stayMinutes(settings.stay_rules, p.guests);
  const [tables, held] = await Promise.all([repo.tables(tenantId), repo.held(tenantId, p.date)]);
  const start = toMinutes(p.time);
  const free = freeTables(tables, held, start, start + durationMinutes, p.ignoreId);

  if (p.tableIds) {
    const known = new Map(tables.map((t) => [t.id, t]));
    if (p.tableIds.some((id) => !known.get(id)?.active)) throw new AppError('VALIDATION', 'errors.validation', { table_ids: ['reservations.validation.table_unknown'] });
    const freeIds = new Set(free.map((t) => t.id));
    if (p.tableIds.some((id) => !freeIds.has(id))) throw new AppError('CONFLICT', 'reservations.errors.tables_taken', { table_ids: ['reservations.errors.tables_taken'] });
    return { tableIds: [...new Set(p.tableIds)], durationMinutes };
  }

  if (!tables.some((t) => t.active)) return { tableIds: [], durationMinutes };
  const picked = pickTables(free, p.guests);
  if (!picked && p.staff && !pickTables(tables.filter((t) => t.active), p.guests)) {
    throw new AppError('CONFLICT', 'reservations.errors.party_too_large', { guests: ['reservations.errors.party_too_large'] }, { guests: p.guests });
  }
  if (!picked) throw new AppError('CONFLICT', 'reservations.errors.no_table', { time: ['reservations.errors.no_table'] }, { guests: p.guests, time: p.time });
  return { tableIds: picked.map((t) => t.id), durationMinutes };
}
