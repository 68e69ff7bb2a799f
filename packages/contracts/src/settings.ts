import { z } from './zod.ts';
import { ZCurrency } from './currencies.ts';
import { LANGUAGES, type TLanguage } from './i18n.ts';
import { zEmail, zPhone, zText } from './validation.ts';

/** Restaurant settings the back office edits (SPEC §3 "Tenant settings"): GET/PUT /api/tenant/admin/settings. */

/** Optional text: empty, null or absent all mean "none" (null). */
const zNullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional http(s) link; empty means none. */
const zLink = z
  .string()
  .trim()
  .max(300)
  .nullish()
  .refine((v) => !v || (/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v) && URL.canParse(v)), { error: 'validation.url' })
  .transform((v) => (v ? v : null));

/** True for names the runtime knows as IANA time zones (and "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA time zone the runtime offers, "UTC" first. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** A time zone the runtime knows; its message asks to pick one from the list. */
export const zTimeZone = z.string().trim().refine(isTimeZone, { error: 'validation.time_zone' });

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/**
 * One weekday: 0 = Sunday … 6 = Saturday. A close earlier than the open runs past midnight into the next day
 * (18:00–02:00); the same time for both is no hours at all, refused unless the day is closed.
 */
export const ZOpeningDay = z
  .object({
    day: z.number().int().min(0).max(6),
    closed: z.boolean(),
    open: zTime,
    close: zTime,
  })
  .refine((d) => d.closed || d.open !== d.close, { path: ['close'], error: 'validation.open_equals_close' });
export type TOpeningDay = z.output<typeof ZOpeningDay>;

export const ZOpeningHours = z
  .array(ZOpeningDay)
  .length(7, { error: 'validation.opening_hours_week' })
  .refine((days) => new Set(days.map((d) => d.day)).size === 7, { error: 'validation.opening_hours_week' });

export const ZOrderTypes = z
  .object({
    pickup: z.boolean(),
    delivery: z.boolean(),
    delivery_fee_cents: z.number().int().min(0).max(1_000_000),
    delivery_min_order_cents: z.number().int().min(0).max(10_000_000),
  })
  .refine((o) => o.pickup || o.delivery, {
    path: ['pickup'],
    error: 'validation.order_type_required',
    // Also when the amounts are wrong: the form shows every problem at once.
    when: ({ value }) => {
      const v = value as { pickup?: unknown; delivery?: unknown } | null;
      return typeof v?.pickup === 'boolean' && typeof v.delivery === 'boolean';
    },
  });

/** Escalation of unaccepted orders (issue #5). */
export const ALERT_MAIL_MIN = 1;
export const ALERT_MAIL_MAX = 120;
export const AUTO_PAUSE_MIN = 5;
export const AUTO_PAUSE_MAX = 240;

export const DEFAULT_OPENING_HOURS: TOpeningDay[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '09:00', close: '22:00' }));

export const ZRestaurantSettings = z.object({
  business_name: zText(120),
  email: zEmail,
  phone: zPhone,
  address: zText(200),
  street: zNullableText(200),
  postal_code: zText(20),
  city: zText(100),
  state: zNullableText(100),
  country: zText(100),
  county: zNullableText(100),
  /** The language of the mails to the restaurant (new orders, bookings, alerts). Absent on PUT: unchanged. */
  staff_language: z.enum(LANGUAGES).optional(),
  description: zNullableText(1000),
  /** ISO 4217 code of the prices. Absent on PUT: unchanged. */
  currency: ZCurrency.optional(),
  /**
   * How prices are shown ("€", or "Fr." for CHF). Absent on PUT, or still the stored one while the currency changes:
   * the new currency's own symbol.
   */
  currency_symbol: z.string().trim().min(1).max(4).optional(),
  discount: z.number().int().min(0).max(100),
  pickup_start_end_time: zNullableText(40),
  is_open: z.boolean(),
  time_zone: zTimeZone,
  opening_hours: ZOpeningHours,
  order_types: ZOrderTypes,
  facebook_link: zLink,
  twitter_link: zLink,
  linkedin_link: zLink,
  google_plus_link: zLink,
  instagram_link: zLink,
  /** E-mail the restaurant when an order waits this long unaccepted. Absent on PUT: unchanged. */
  alert_mail_after_minutes: z.number().int().min(ALERT_MAIL_MIN).max(ALERT_MAIL_MAX).optional(),
  /** Pause online ordering and tell the guest when an order waits this long; null: never. Absent on PUT: unchanged. */
  auto_pause_after_minutes: z.number().int().min(AUTO_PAUSE_MIN).max(AUTO_PAUSE_MAX).nullable().optional(),
});
/** What GET answers with (and what PUT stores). */
export type TRestaurantSettings = Omit<z.output<typeof ZRestaurantSettings>, 'currency' | 'currency_symbol' | 'staff_language'> & {
  /** A supported code, unless an older import stored another one (the form then asks for one from the list). */
  currency: string;
  currency_symbol: string;
  staff_language: TLanguage;
  alert_mail_after_minutes: number;
  auto_pause_after_minutes: number | null;
};
/** What PUT stores after validation (escalation fields may be absent: unchanged). */
export type TRestaurantSettingsUpdate = z.output<typeof ZRestaurantSettings>;
/** What a client may send to PUT. */
export type TRestaurantSettingsInput = z.input<typeof ZRestaurantSettings>;
