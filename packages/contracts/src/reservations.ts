import { z } from './zod.ts';
import type { TReservationStatus } from './inbox.ts';
import { MAX_PARTY_SIZE, ZNewsletterToken, zDate, zTimeOfDay } from './requests.ts';
import { ZOpeningHours, type TOpeningDay } from './settings.ts';
import { zEmail, zOptionalText, zPhone, zText, zUuid } from './validation.ts';

/**
 * Table reservations with a capacity model (issue #9): dining areas and tables, the restaurant's booking
 * rules, availability for the storefront form, the guest's view/cancel link, and the staff day view,
 * phone bookings and moves. The guest form itself (ZReservationRequest) is in requests.ts.
 */

/** Statuses that hold their tables: a pending booking keeps its table until staff decide. */
export const HOLDING_STATUSES: readonly TReservationStatus[] = ['pending', 'confirmed', 'seated'];

export const SLOT_INTERVALS = [10, 15, 20, 30, 60] as const;
/** Joined tables: at most this many tables of one area pushed together. */
export const MAX_JOINED_TABLES = 3;

// ---------------------------------------------------------------------------------------------------------
// Setup (dashboard)

/** Stay length by party size: a party of n uses the first rule with max_guests >= n (the last rule covers bigger ones). */
export const ZStayRule = z.object({
  max_guests: z.number().int().min(1).max(MAX_PARTY_SIZE),
  minutes: z
    .number()
    .int()
    .min(15)
    .max(720)
    .refine((m) => m % 5 === 0, { error: 'reservations.validation.minutes_step' }),
});
export type TStayRule = z.output<typeof ZStayRule>;

export const ZReservationSettings = z
  .object({
    slot_interval_minutes: z.union(SLOT_INTERVALS.map((n) => z.literal(n)) as [z.ZodLiteral<10>, ...z.ZodLiteral<number>[]], {
      error: 'reservations.validation.slot_interval',
    }),
    stay_rules: z.array(ZStayRule).min(1).max(10),
    /** How soon before a slot one can still book online. */
    lead_time_minutes: z.number().int().min(0).max(7 * 24 * 60),
    /** How many days ahead the storefront offers (today counts as day 0). */
    max_days_ahead: z.number().int().min(0).max(365),
    /** Bigger parties are asked to call or to send a quote request. */
    max_party_online: z.number().int().min(1).max(MAX_PARTY_SIZE),
    /** true: online bookings are confirmed at once; false: staff confirm or decline them. */
    auto_confirm: z.boolean(),
    /** A guest may cancel by link until this many hours before the booking. */
    cancel_cutoff_hours: z.number().int().min(0).max(168),
    /** Reservation hours per weekday; null means "the opening hours". A stay must end by the day's close. */
    hours: ZOpeningHours.nullable(),
  })
  .superRefine((v, ctx) => {
    v.stay_rules.forEach((rule, i) => {
      if (i > 0 && rule.max_guests <= v.stay_rules[i - 1]!.max_guests) {
        ctx.addIssue({ code: 'custom', path: ['stay_rules', i, 'max_guests'], message: 'reservations.validation.stay_rules_order' });
      }
    });
  });
export type TReservationSettings = z.output<typeof ZReservationSettings>;

/** Until a restaurant saves its rules (the columns of reservation_settings default to the same). */
export const DEFAULT_RESERVATION_SETTINGS: TReservationSettings = {
  slot_interval_minutes: 15,
  stay_rules: [
    { max_guests: 2, minutes: 90 },
    { max_guests: 6, minutes: 120 },
    { max_guests: MAX_PARTY_SIZE, minutes: 150 },
  ],
  lead_time_minutes: 60,
  max_days_ahead: 60,
  max_party_online: 8,
  auto_confirm: false,
  cancel_cutoff_hours: 2,
  hours: null,
};
export type TReservationSettingsInput = z.input<typeof ZReservationSettings>;

export const ZDiningArea = z.object({ name: zText(60), position: z.number().int().min(0).max(1000).optional() });
export type TDiningAreaInput = z.input<typeof ZDiningArea>;

export const ZDiningTable = z
  .object({
    area_id: zUuid,
    name: zText(30),
    min_seats: z.number().int().min(1).max(MAX_PARTY_SIZE),
    max_seats: z.number().int().min(1).max(MAX_PARTY_SIZE),
    joinable: z.boolean(),
    active: z.boolean().default(true),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .refine((t) => t.max_seats >= t.min_seats, { path: ['max_seats'], error: 'reservations.validation.max_seats' });
export type TDiningTableInput = z.input<typeof ZDiningTable>;

export interface TDiningTable {
  id: string;
  area_id: string;
  name: string;
  min_seats: number;
  max_seats: number;
  joinable: boolean;
  active: boolean;
  position: number;
}

export interface TDiningArea {
  id: string;
  name: string;
  position: number;
  /** In position order, inactive ones included. */
  tables: TDiningTable[];
}

/** GET /api/tenant/reservation-setup */
export interface TReservationSetup {
  settings: TReservationSettings;
  areas: TDiningArea[];
  /** The restaurant's opening hours, the default for `settings.hours`. */
  opening_hours: TOpeningDay[];
  time_zone: string;
}

// ---------------------------------------------------------------------------------------------------------
// Guest (storefront)

/** GET /api/tenant/public/reservation-availability?date=&guests= */
export const ZAvailabilityQuery = z.object({
  date: zDate,
  guests: z.coerce.number().int().min(1).max(MAX_PARTY_SIZE),
});
export type TAvailabilityQuery = z.input<typeof ZAvailabilityQuery>;

/**
 * Why a day offers no time: closed that weekday, before today or beyond max_days_ahead, a party above
 * max_party_online (call or ask for a quote), or every slot taken / too soon.
 */
/**
 * Why a day offers no time: `no_table_fits` when no table (nor joinable tables) seats the party even on an empty
 * day, `too_soon` when only the booking lead time stands in the way; `fully_booked` when bookings took the tables.
 */
export const NO_TIMES_REASONS = ['closed', 'past', 'too_far', 'party_too_large', 'no_table_fits', 'too_soon', 'fully_booked'] as const;
export type TNoTimesReason = (typeof NO_TIMES_REASONS)[number];

export interface TAvailability {
  date: string;
  guests: number;
  /** Start times (HH:MM) with a free table for the whole stay, in order. */
  times: string[];
  /** Set when `times` is empty. */
  reason: TNoTimesReason | null;
  /** Stay length for this party, minutes. */
  duration_minutes: number;
}

/** The storefront form's limits, added to GET /api/tenant/public/reservation-options. */
export interface TReservationLimits {
  max_party_online: number;
  max_days_ahead: number;
  /** Last bookable date, YYYY-MM-DD, in the restaurant's time zone. */
  last_date: string;
  /** Reservation hours (the opening hours unless set apart). */
  hours: TOpeningDay[];
}

/** The token from a view/cancel link: the same shape as the newsletter links' tokens. */
export const ZReservationToken = ZNewsletterToken;

/** POST /api/tenant/public/reservation-manage: what the guest sees behind the link. */
export interface TGuestReservation {
  restaurant: string;
  full_name: string;
  date: string;
  time: string;
  guests: number;
  status: TReservationStatus;
  /** Whether the guest may still cancel (holding status and before the cut-off). */
  can_cancel: boolean;
  /** The last moment to cancel by link, ISO; null when no longer possible. */
  cancel_until: string | null;
  /** The restaurant's phone, for changes after the cut-off. */
  phone: string;
  /** The restaurant's time zone: the cut-off is shown on its clock. */
  time_zone: string;
}

// ---------------------------------------------------------------------------------------------------------
// Staff (dashboard)

/** GET /api/tenant/reservations/day?date= */
export const ZDayQuery = z.object({ date: zDate });

/** A booking as the day view draws it. */
export interface TDayBooking {
  id: string;
  /**
   * The booking's own date: the next one for the early hours of a night past midnight (minutes from 1440 on), the
   * one before for the day before's late stay that still holds its tables after midnight (start below minute 0).
   */
  date: string;
  full_name: string;
  phone: string;
  /** '' when the guest gave none (a booking taken by phone); a guest with one is e-mailed when the time moves. */
  email: string;
  guests: number;
  time: string;
  /** time + duration on the clock, HH:MM (01:30 for a stay past midnight; end_minutes says which day). */
  end_time: string;
  start_minutes: number;
  end_minutes: number;
  duration_minutes: number;
  status: TReservationStatus;
  source: 'online' | 'staff';
  table_ids: string[];
  message: string;
}

export interface TReservationDay {
  date: string;
  /** Reservation hours of that weekday; closed days still list their bookings. */
  hours: TOpeningDay;
  slot_interval_minutes: number;
  areas: TDiningArea[];
  /**
   * Every booking of the day, the released ones (declined, cancelled, no-show) included; when the hours run past
   * midnight, also the next date's bookings before the close, at minute 1440 and later.
   */
  bookings: TDayBooking[];
}

/** Where a booking sits: tables omitted means "pick for me" (smallest table, or joined tables, that fit). */
const zPlacement = {
  date: zDate,
  time: zTimeOfDay,
  table_ids: z.array(zUuid).min(1).max(MAX_JOINED_TABLES + 3).optional(),
  /** Staff may lengthen or shorten a stay; default from the stay rules. */
  duration_minutes: z
    .number()
    .int()
    .min(15)
    .max(720)
    .refine((m) => m % 5 === 0, { error: 'reservations.validation.minutes_step' })
    .optional(),
};

/** POST /api/tenant/reservations: a booking taken by staff (phone, walk-in). Online limits don't apply; conflicts do. */
export const ZStaffReservation = z.object({
  full_name: zText(120),
  phone_number: zPhone,
  email: zOptionalText(254).pipe(zEmail.optional()),
  guests: z.number().int().min(1).max(MAX_PARTY_SIZE),
  message: zOptionalText(2000),
  ...zPlacement,
});
export type TStaffReservationInput = z.input<typeof ZStaffReservation>;

/** PATCH /api/tenant/reservations/:id/placement: move to another time and/or table (conflicts refused, 409). */
export const ZReservationPlacement = z.object({ ...zPlacement, guests: z.number().int().min(1).max(MAX_PARTY_SIZE).optional() });
export type TReservationPlacementInput = z.input<typeof ZReservationPlacement>;
