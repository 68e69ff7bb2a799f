import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import type { TInboxDetail, TReservationStatus } from '@tavolo/contracts/inbox';
import { HOLDING_STATUSES, type TDayBooking, type TReservationDay, type ZReservationPlacement, type ZStaffReservation } from '@tavolo/contracts/reservations';
import { weekdayOf } from '@tavolo/contracts/requests';
import { dateNear, isOvernight } from '@tavolo/contracts/time';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { mailReservationGuest, type InboxContext, type InboxService } from '../inbox/inbox.service.ts';
import { closeMinute, hasTail, isOpenDay, stayMinutes, toClock, toMinutes } from './availability.ts';
import { placeBooking } from './booking.ts';
import { createCapacityRepo, hoursOfDay, hoursOfDayBefore } from './capacity.repo.ts';
import { manageToken } from './manage-link.ts';
import { createStaffRepo } from './staff.repo.ts';

type StaffBooking = z.output<typeof ZStaffReservation>;
type PlacementChange = z.output<typeof ZReservationPlacement>;

export interface StaffReservationsDeps {
  db: Db;
  /** Signs the guest's view/cancel link. */
  secrets: SecretBox;
  /** Answers with the same reservation detail as the inbox. */
  inbox: InboxService;
  onMailQueued?: () => void;
  live?: LiveEvents;
}

const field = (name: string, key: string, params: Record<string, unknown> = {}) => new AppError('VALIDATION', 'errors.validation', { [name]: [key] }, params);

/**
 * Staff may book in the past (a walk-in recorded afterwards) and beyond the online limits, but only within
 * the day's reservation hours, and the stay must end by closing time like every other booking. The night
 * before's overnight tail (00:00 to its close) counts as hours of the date; the day's own may run past midnight.
 */
function assertWithinHours(hours: readonly TOpeningDay[], date: string, time: string, minutes: number) {
  const day = hoursOfDay(hours, date);
  const previous = hoursOfDayBefore(hours, date);
  if (!isOpenDay(day, previous)) throw field('date', 'reservations.staff.validation.closed_day');
  const start = toMinutes(time);
  if (hasTail(previous) && start < toMinutes(previous.close)) {
    if (start + minutes > toMinutes(previous.close)) throw field('time', 'reservations.staff.validation.after_close', { minutes, time, close: previous.close });
    return;
  }
  if (!day || day.closed) throw field('time', 'reservations.staff.validation.outside_hours', { open: '00:00', close: previous!.close });
  if (start < toMinutes(day.open) || start >= Math.min(closeMinute(day), 1440)) throw field('time', 'reservations.staff.validation.outside_hours', { open: day.open, close: day.close });
  if (start + minutes > closeMinute(day)) throw field('time', 'reservations.staff.validation.after_close', { minutes, time, close: day.close });
}

/**
 * The hours the day view shows for a date: its own; on a closed day after one running past midnight, the night's
 * tail (00:00 to its close), so the view is not marked closed while it holds bookings.
 */
function dayHours(hours: readonly TOpeningDay[], date: string): TOpeningDay {
  const day = hoursOfDay(hours, date);
  if (day && !day.closed) return day;
  const previous = hoursOfDayBefore(hours, date);
  if (hasTail(previous)) return { day: weekdayOf(date), closed: false, open: '00:00', close: previous.close };
  return day ?? { day: weekdayOf(date), closed: true, open: '00:00', close: '00:00' };
}

/**
 * The staff side of table reservations (issue #9): the day view, bookings taken by phone or at the door, and
 * moves to another time, table or party size. Every booking goes through `placeBooking` under the
 * restaurant's booking lock, in the one transaction that writes it, so staff never double-book a table.
 * Status changes (confirm, seat, complete, cancel ...) stay in the inbox.
 */
export function createStaffReservationsService({ db, secrets, inbox, onMailQueued, live }: StaffReservationsDeps) {
  const capacity = createCapacityRepo(db);
  const repo = createStaffRepo(db);

  /** Runs `fn` in one transaction, then wakes the mail sender and tells open dashboards. */
  const write = async <T>(tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> => {
    const result = await db.transaction((tx) => fn(tx as unknown as Db));
    onMailQueued?.();
    live?.publish(tenantId, { topics: ['reservations'] });
    return result;
  };

  async function restaurant(tenantId: string) {
    const row = await capacity.restaurant(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    return row;
  }

  return {
    /**
     * The date's reservation hours, the areas with all their tables, and every booking of the day (released ones
     * too). When the hours run past midnight, the night goes on into the next date: its bookings before the close
     * are part of this view too, after 24:00 (minute 1440 on). The day before's late stays that still hold their
     * tables after midnight come first, from before minute 0 (23:30 for two hours: minutes -30 to 90).
     */
    async day(tenantId: string, date: string): Promise<TReservationDay> {
      const previousDate = dateNear(date, -1);
      const nextDate = dateNear(date, 1);
      const [r, areas, rows, previousRows] = await Promise.all([restaurant(tenantId), capacity.areas(tenantId), repo.day(tenantId, date), previousDate ? repo.day(tenantId, previousDate) : []]);
      const own = hoursOfDay(r.hours, date);
      const night = nextDate && own && !own.closed && isOvernight(own) ? { date: nextDate, until: toMinutes(own.close) } : null;
      const nextRows = night ? await repo.day(tenantId, night.date) : [];
      const order = new Map(areas.flatMap((a) => a.tables).map((t, i) => [t.id, i]));
      const drawn = (b: (typeof rows)[number], bookingDate: string, offset: number): TDayBooking => {
        const start = toMinutes(b.time) + offset;
        const end = start + b.durationMinutes;
        return {
          id: b.id,
          date: bookingDate,
          full_name: b.fullName,
          phone: b.phoneNumber,
          email: b.email,
          guests: b.guests,
          time: b.time,
          end_time: toClock(end % 1440),
          start_minutes: start,
          end_minutes: end,
          duration_minutes: b.durationMinutes,
          status: b.status as TReservationStatus,
          source: b.source as TDayBooking['source'],
          table_ids: [...b.tableIds].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0)),
          message: b.message,
        };
      };
      const tail = night ? nextRows.filter((b) => toMinutes(b.time) < night.until).map((b) => drawn(b, night.date, 1440)) : [];
      const carriedOver = previousDate ? previousRows.filter((b) => toMinutes(b.time) + b.durationMinutes > 1440).map((b) => drawn(b, previousDate, -1440)) : [];
      return {
        date,
        hours: dayHours(r.hours, date),
        slot_interval_minutes: r.settings.slot_interval_minutes,
        areas,
        bookings: [...carriedOver, ...rows.map((b) => drawn(b, date, 0)), ...tail],
      };
    },

    /**
     * A booking taken by staff: confirmed at once, on the chosen tables or the best free ones. A guest with an
     * e-mail address gets a confirmation with the view/cancel link, in the restaurant's language.
     */
    async book(ctx: InboxContext, input: StaffBooking): Promise<TInboxDetail<'reservation'>> {
      const r = await restaurant(ctx.tenantId);
      const durationMinutes = input.duration_minutes ?? stayMinutes(r.settings.stay_rules, input.guests);
      assertWithinHours(r.hours, input.date, input.time, durationMinutes);
      const id = randomUUID();
      await write(ctx.tenantId, async (tx) => {
        const txCapacity = createCapacityRepo(tx);
        const placed = await placeBooking(txCapacity, ctx.tenantId, r.settings, { date: input.date, time: input.time, guests: input.guests, durationMinutes, tableIds: input.table_ids, staff: true });
        await createStaffRepo(tx).insert({
          tenantId: ctx.tenantId,
          id,
          fullName: input.full_name,
          phoneNumber: input.phone_number,
          email: input.email ?? '',
          date: input.date,
          time: input.time,
          guests: input.guests,
          message: input.message ?? '',
          status: 'confirmed',
          language: r.staffLanguage,
          durationMinutes: placed.durationMinutes,
          source: 'staff',
          manageTokenHash: manageToken(secrets, ctx.tenantId, id).hash,
        });
        await txCapacity.assignTables(ctx.tenantId, id, placed.tableIds);
        await mailReservationGuest(tx, ctx, id, { key: 'reservations.staff.mail.booked', link: secrets });
      });
      return inbox.get(ctx.tenantId, 'reservation', id);
    },

    /**
     * Moves a booking that still holds its tables to another date, time, tables, party size or stay length.
     * Tables omitted: picked again for the new placement. The guest is told when the date or time changed.
     */
    async move(ctx: InboxContext, id: string, change: PlacementChange): Promise<TInboxDetail<'reservation'>> {
      const r = await restaurant(ctx.tenantId);
      await write(ctx.tenantId, async (tx) => {
        const txCapacity = createCapacityRepo(tx);
        const txRepo = createStaffRepo(tx);
        // The booking lock before the row's, in the same order as every other booking write.
        await txCapacity.lockBookings(ctx.tenantId);
        const row = await txRepo.lock(ctx.tenantId, id);
        if (!row) throw new AppError('NOT_FOUND');
        const status = row.status as TReservationStatus;
        if (!HOLDING_STATUSES.includes(status)) {
          throw new AppError('CONFLICT', 'reservations.staff.errors.not_movable', { status: ['reservations.staff.errors.not_movable'] }, {
            status: translate(ctx.lang, `inbox.reservation_status.${status}`),
          });
        }
        const guests = change.guests ?? row.guests;
        // A new party size gets the stay its rule says, unless staff set one; otherwise the stay stays as it was.
        const durationMinutes = change.duration_minutes ?? (guests === row.guests ? row.durationMinutes : stayMinutes(r.settings.stay_rules, guests));
        const rescheduled = change.date !== row.date || change.time !== row.time;
        if (rescheduled || durationMinutes !== row.durationMinutes) assertWithinHours(r.hours, change.date, change.time, durationMinutes);
        const placed = await placeBooking(txCapacity, ctx.tenantId, r.settings, { date: change.date, time: change.time, guests, durationMinutes, tableIds: change.table_ids, ignoreId: id, staff: true });
        await txRepo.setPlacement(ctx.tenantId, id, { date: change.date, time: change.time, guests, durationMinutes: placed.durationMinutes });
        await txCapacity.assignTables(ctx.tenantId, id, placed.tableIds);
        if (rescheduled) await mailReservationGuest(tx, ctx, id, { key: 'reservations.staff.mail.moved', link: secrets });
      });
      return inbox.get(ctx.tenantId, 'reservation', id);
    },
  };
}
export type StaffReservationsService = ReturnType<typeof createStaffReservationsService>;
