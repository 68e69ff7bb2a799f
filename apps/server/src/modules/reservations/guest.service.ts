import { AppError } from '@tavolo/contracts/errors';
import { formatCalendarDate, type TLanguage } from '@tavolo/contracts/i18n';
import type { TReservationStatus } from '@tavolo/contracts/inbox';
import type { TAvailability, TGuestReservation, TReservationLimits } from '@tavolo/contracts/reservations';
import { addDays, localClock } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { hashToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { availableStarts, dayRefusal, earliestStart, slotStarts, stayMinutes, toClock, toMinutes } from './availability.ts';
import { createCapacityRepo, hoursOfDay, hoursOfDayBefore, type CapacityRepo } from './capacity.repo.ts';
import { createGuestRepo, inGuestTransaction } from './guest.repo.ts';
import { cancelDeadline } from './manage-link.ts';

type Restaurant = NonNullable<Awaited<ReturnType<CapacityRepo['restaurant']>>>;

/** Statuses a guest may still cancel by link (a seated party is already at the table). */
const GUEST_CANCELLABLE: readonly TReservationStatus[] = ['pending', 'confirmed'];

const field = (name: string, key: string, params: Record<string, unknown> = {}) => new AppError('VALIDATION', 'errors.validation', { [name]: [key] }, params);

/** The storefront form's limits: party size, how far ahead (today counts as day 0) and the reservation hours. */
export function reservationLimits(r: Restaurant, now: Date): TReservationLimits {
  const today = localClock(r.timeZone, now).date;
  return {
    max_party_online: r.settings.max_party_online,
    max_days_ahead: r.settings.max_days_ahead,
    last_date: addDays(today, r.settings.max_days_ahead),
    hours: [...r.hours].sort((a, b) => a.day - b.day),
  };
}

/** What the online rules say about one date for one party, before looking at tables. */
export function onlineDay(r: Restaurant, date: string, guests: number, now: Date) {
  const limits = reservationLimits(r, now);
  const day = hoursOfDay(r.hours, date);
  const previous = hoursOfDayBefore(r.hours, date);
  const duration = stayMinutes(r.settings.stay_rules, guests);
  const refusal = dayRefusal(date, guests, day, { today: localClock(r.timeZone, now).date, lastDate: limits.last_date, maxPartyOnline: limits.max_party_online }, previous);
  return { day, previous, duration, refusal, limits, notBefore: earliestStart(date, r.timeZone, r.settings.lead_time_minutes, now) };
}

/**
 * Refuses (422, per field) what a guest may not book online: a refused day, or a start that is not one of
 * the day's offered times (off the slot grid, outside the hours, a stay ending after close, within the
 * lead time). Whether a table is free is decided later, under the booking lock (placeBooking).
 */
export function assertBookableOnline(r: Restaurant, input: { date: string; time: string; guests: number }, now: Date, lang: TLanguage): void {
  const { day, previous, duration, refusal, limits, notBefore } = onlineDay(r, input.date, input.guests, now);
  if (refusal === 'past') throw field('date', 'requests.validation.date_past');
  if (refusal === 'too_far') throw field('date', 'reservations.validation.date_too_far', { last: formatCalendarDate(lang, limits.last_date) });
  if (refusal === 'party_too_large') throw field('guests', 'reservations.validation.party_too_large', { max: limits.max_party_online, phone: r.phone });
  const starts = slotStarts(day, r.settings.slot_interval_minutes, duration, previous);
  // A day whose hours are shorter than this party's stay offers nothing at all.
  if (refusal === 'closed' || starts.length === 0) throw field('date', 'requests.validation.closed_day');

  const start = toMinutes(input.time);
  if (start < starts[0]! || start > starts.at(-1)!) {
    // The close the last start's stay must end by: the day's own, else the night before's.
    const close = day && !day.closed ? day.close : previous!.close;
    throw field('time', 'reservations.validation.time_outside', { first: toClock(starts[0]!), last: toClock(starts.at(-1)!), close });
  }
  if (!starts.includes(start)) throw field('time', 'reservations.validation.time_grid', { interval: r.settings.slot_interval_minutes });
  if (start < notBefore) {
    throw r.settings.lead_time_minutes > 0
      ? field('time', 'reservations.validation.time_too_soon', { minutes: r.settings.lead_time_minutes })
      : field('time', 'requests.validation.time_past');
  }
}

/**
 * The guest side of reservations besides the form itself (requests module): the times a party can book
 * on a date, and the view/cancel link from the guest's mails.
 */
export function createGuestReservationsService(deps: { db: Db; now?: () => Date; onMailQueued?: () => void; live?: LiveEvents }) {
  const capacity = createCapacityRepo(deps.db);
  const repo = createGuestRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();

  const restaurant = async (tenantId: string): Promise<Restaurant> => {
    const row = await capacity.restaurant(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    return row;
  };

  /** The booking behind a link token, of this restaurant only (another restaurant's token is unknown here). */
  const byToken = async (tenantId: string, token: string) => {
    const booking = await repo.byTokenHash(tenantId, hashToken(token));
    if (!booking) throw new AppError('NOT_FOUND', 'reservations.errors.link_invalid');
    return booking;
  };

  const cancelUntil = (r: Restaurant, booking: { date: string; time: string }) => cancelDeadline(booking, r.timeZone, r.settings.cancel_cutoff_hours);

  return {
    /** Start times with a free table for the whole stay (a handful of queries: restaurant, rules, tables, the day's bookings). */
    async availability(tenantId: string, q: { date: string; guests: number }): Promise<TAvailability> {
      const r = await restaurant(tenantId);
      const at = now();
      const { day, previous, duration, refusal, notBefore } = onlineDay(r, q.date, q.guests, at);
      const answer = { date: q.date, guests: q.guests, duration_minutes: duration };
      if (refusal) return { ...answer, times: [], reason: refusal };
      const [tables, held] = await Promise.all([capacity.tables(tenantId), capacity.held(tenantId, q.date)]);
      const starts = (booked: typeof held, after: typeof notBefore) =>
        availableStarts({ day, previous, interval: r.settings.slot_interval_minutes, duration, guests: q.guests, tables, held: booked, notBefore: after });
      const times = starts(held, notBefore).map(toClock);
      if (times.length) return { ...answer, times, reason: null };
      // Said as it is: "no table is free any more" misled a party larger than every table, or one within the lead time;
      // hours shorter than the party's stay are a closed day for it, as the booking itself says.
      const reason = !slotStarts(day, r.settings.slot_interval_minutes, duration, previous).length
        ? 'closed'
        : !starts([], 0).length
          ? 'no_table_fits'
          : !starts([], notBefore).length
            ? 'too_soon'
            : 'fully_booked';
      return { ...answer, times, reason };
    },

    async view(tenantId: string, token: string): Promise<TGuestReservation> {
      const [r, booking] = await Promise.all([restaurant(tenantId), byToken(tenantId, token)]);
      const until = cancelUntil(r, booking);
      const canCancel = GUEST_CANCELLABLE.includes(booking.status) && now() < until;
      return {
        restaurant: r.name,
        full_name: booking.fullName,
        date: booking.date,
        time: booking.time,
        guests: booking.guests,
        status: booking.status,
        can_cancel: canCancel,
        cancel_until: canCancel ? until.toISOString() : null,
        phone: r.phone,
        time_zone: r.timeZone,
      };
    },

    /** Cancels by link before the cut-off: frees the tables, tells staff and confirms to the guest by mail. */
    async cancel(ctx: { tenantId: string; lang: TLanguage; origin: string }, token: string): Promise<void> {
      const [r, booking] = await Promise.all([restaurant(ctx.tenantId), byToken(ctx.tenantId, token)]);
      // Cancelled already (a second tap, a retry after a lost answer): done, with no second mail.
      if (booking.status === 'cancelled') return;
      if (!GUEST_CANCELLABLE.includes(booking.status)) throw new AppError('CONFLICT', 'reservations.errors.not_cancellable', undefined, { phone: r.phone });
      if (now() >= cancelUntil(r, booking)) throw new AppError('CONFLICT', 'reservations.errors.cancel_too_late', undefined, { hours: r.settings.cancel_cutoff_hours, phone: r.phone });

      await inGuestTransaction(deps.db, async (tx, db) => {
        if (!(await tx.cancel(ctx.tenantId, booking.id, GUEST_CANCELLABLE))) throw new AppError('CONFLICT', 'reservations.errors.not_cancellable', undefined, { phone: r.phone });
        await tx.insertNotification(ctx.tenantId, 'reservation_cancelled', { name: booking.fullName, date: booking.date, time: booking.time, guests: booking.guests }, booking.id);
        if (booking.email) {
          await enqueueMail(db, {
            tenantId: ctx.tenantId,
            origin: ctx.origin,
            to: booking.email,
            language: ctx.lang,
            mail: {
              site: r.name,
              name: booking.fullName,
              subjectKey: 'reservations.mail.cancelled_subject',
              paragraphs: [{ key: 'reservations.mail.cancelled_intro' }],
              rows: [
                { labelKey: 'mail.requests.label_date', value: booking.date },
                { labelKey: 'mail.requests.label_time', value: booking.time },
                { labelKey: 'mail.requests.label_guests', value: String(booking.guests) },
              ],
            },
          });
        }
      });
      deps.onMailQueued?.();
      deps.live?.publish(ctx.tenantId, { topics: ['reservations', 'notifications'] });
    },
  };
}
export type GuestReservationsService = ReturnType<typeof createGuestReservationsService>;
