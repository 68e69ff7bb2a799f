import { z } from './zod.ts';
import { zDate } from './requests.ts';
import { ALLERGENS, DIET_TAGS } from './menu-codes.ts';
import { zInteger, zText, zUuid, zSearch } from './validation.ts';

/**
 * Ordering rules (issue #10): item options, allergens and diet tags, tax rates, delivery zones, scheduling and
 * throttling, pausing, tips and coupons. The checkout fields that use them are in orders.ts; the money is computed
 * by the server's pricing (apps/server/src/modules/orders/pricing.ts) and nowhere else.
 */

export const MAX_MONEY_CENTS = 10_000_000;
const zCents = zInteger().min(0).max(MAX_MONEY_CENTS);

// ---------------------------------------------------------------------------------------------------------
// Allergens and diet tags

export { ALLERGENS, DIET_TAGS, type TAllergen, type TDietTag } from './menu-codes.ts';

/** Every code once; the order given does not matter (stored sorted). */
export const zAllergens = z
  .array(z.enum(ALLERGENS))
  .max(ALLERGENS.length)
  .default([])
  .transform((v) => [...new Set(v)].sort());
export const zDietTags = z
  .array(z.enum(DIET_TAGS))
  .max(DIET_TAGS.length)
  .default([])
  .transform((v) => [...new Set(v)].sort());

// ---------------------------------------------------------------------------------------------------------
// Item options

export const MAX_OPTIONS_PER_GROUP = 30;
export const MAX_GROUPS_PER_PRODUCT = 10;

export const ZOptionInput = z.object({
  /** Present when editing an existing option; absent for a new one. */
  id: zUuid.optional(),
  name: zText(80),
  /** What choosing it adds to the unit price (negative: takes off). */
  price_delta_cents: zInteger().min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS),
  is_active: z.boolean().default(true),
});

/** POST/PUT /api/tenant/option-groups[/:id]: a group with all its options (the list replaces the old one). */
export const ZOptionGroupInput = z
  .object({
    name: zText(80),
    /** 0: optional; n >= 1: the guest must choose at least n. */
    min_select: z.number().int().min(0).max(MAX_OPTIONS_PER_GROUP),
    max_select: z.number().int().min(1).max(MAX_OPTIONS_PER_GROUP),
    options: z.array(ZOptionInput).min(1, { error: 'ordering.validation.options_required' }).max(MAX_OPTIONS_PER_GROUP),
  })
  .superRefine((v, ctx) => {
    if (v.min_select > v.max_select) ctx.addIssue({ code: 'custom', path: ['max_select'], message: 'ordering.validation.max_below_min' });
    const active = v.options.filter((o) => o.is_active).length;
    if (v.min_select > active) ctx.addIssue({ code: 'custom', path: ['min_select'], message: 'ordering.validation.min_above_options' });
    const seen = new Set<string>();
    v.options.forEach((o, i) => {
      const key = o.name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: 'ordering.validation.option_name_taken' });
      seen.add(key);
    });
  });
export type TOptionGroupInput = z.input<typeof ZOptionGroupInput>;

export interface TOption {
  id: string;
  name: string;
  price_delta_cents: number;
  is_active: boolean;
}

export interface TOptionGroup {
  id: string;
  name: string;
  min_select: number;
  max_select: number;
  options: TOption[];
  /** How many products offer this group (dashboard only; 0 on the storefront). */
  products_count: number;
}

/** An option as the order keeps it: names and price as they were when ordered. */
export interface TChosenOption {
  group: string;
  name: string;
  price_delta_cents: number;
}

// ---------------------------------------------------------------------------------------------------------
// Tax rates

/** POST/PUT /api/tenant/tax-rates[/:id]. Rates in thousandths of a percent: 7000 = 7 %, 8875 = 8.875 % (New York). */
export const ZTaxRateInput = z.object({
  name: zText(60),
  rate_millipercent: zInteger().min(0).max(100_000),
  is_default: z.boolean().default(false),
});
export type TTaxRateInput = z.input<typeof ZTaxRateInput>;

export interface TTaxRate {
  id: string;
  name: string;
  rate_millipercent: number;
  is_default: boolean;
  products_count: number;
}

/** One rate's share of an order: the amount it applies to (gross when included, net when added) and its tax. */
export interface TTaxLine {
  name: string;
  rate_millipercent: number;
  base_cents: number;
  tax_cents: number;
}

// ---------------------------------------------------------------------------------------------------------
// Delivery zones

export const DELIVERY_ZONE_KINDS = ['postal_codes', 'radius'] as const;
export type TDeliveryZoneKind = (typeof DELIVERY_ZONE_KINDS)[number];
export const MAX_DELIVERY_ZONES = 30;
export const MAX_RADIUS_METERS = 100_000;

/** Upper case without spaces: "80 331" and "80331" are the same code; "sw1a 1aa" matches "SW1A1AA". */
export function normalizePostalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * A zone's code matches exactly, or as a prefix when it ends with "*" ("803*" covers 80331). An exact code covers
 * its extensions after a hyphen: "10001" covers the ZIP+4 "10001-1234" (it fell to a wider "100*" zone before).
 */
export function postalCodeMatches(pattern: string, code: string): boolean {
  const p = normalizePostalCode(pattern);
  const c = normalizePostalCode(code);
  return p.endsWith('*') ? c.startsWith(p.slice(0, -1)) : p === c || c.startsWith(`${p}-`);
}

const zPostalPattern = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 -]{1,12}\*?$/, { error: 'ordering.validation.postal_code_pattern' })
  .transform(normalizePostalCode);

export const ZDeliveryZoneInput = z
  .object({
    name: zText(80),
    kind: z.enum(DELIVERY_ZONE_KINDS),
    postal_codes: z.array(zPostalPattern).max(500).default([]),
    radius_meters: z.number().int().min(100).max(MAX_RADIUS_METERS).nullable().default(null),
    fee_cents: zCents,
    min_order_cents: zCents,
    is_active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'postal_codes' && !v.postal_codes.length) ctx.addIssue({ code: 'custom', path: ['postal_codes'], message: 'ordering.validation.postal_codes_required' });
    if (v.kind === 'radius' && v.radius_meters === null) ctx.addIssue({ code: 'custom', path: ['radius_meters'], message: 'validation.required' });
  });
export type TDeliveryZoneInput = z.input<typeof ZDeliveryZoneInput>;

export interface TDeliveryZone {
  id: string;
  name: string;
  kind: TDeliveryZoneKind;
  postal_codes: string[];
  radius_meters: number | null;
  fee_cents: number;
  min_order_cents: number;
  is_active: boolean;
  sort_order: number;
}

/** PUT /api/tenant/delivery-zones/order: every zone id once, in the order they are tried. */
export const ZDeliveryZoneReorder = z.object({ ids: z.array(zUuid).min(1).max(MAX_DELIVERY_ZONES) });

/** A point on the map (WGS 84), from the guest's browser ("use my location") or the restaurant's settings. */
export const ZGeoPoint = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type TGeoPoint = z.output<typeof ZGeoPoint>;

/** Great-circle distance in metres (haversine; good to a few metres at delivery distances). */
export function distanceMeters(a: TGeoPoint, b: TGeoPoint): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ---------------------------------------------------------------------------------------------------------
// Ordering settings: timing, throttling, tips, tax mode, location

export const ORDER_SLOT_INTERVALS = [10, 15, 20, 30, 60] as const;
export const MAX_DAYS_AHEAD = 14;
export const MAX_TIP_PRESETS = 4;
/** "Busy" pause lengths offered on the orders page, in minutes. */
export const PAUSE_CHOICES = [15, 30, 60, 120] as const;

export const ZOrderingSettings = z
  .object({
    asap_enabled: z.boolean(),
    scheduled_enabled: z.boolean(),
    lead_time_minutes: z.number().int().min(0).max(24 * 60),
    slot_interval_minutes: z.union(ORDER_SLOT_INTERVALS.map((n) => z.literal(n)) as [z.ZodLiteral<10>, ...z.ZodLiteral<number>[]], {
      error: 'ordering.validation.slot_interval',
    }),
    /** 0: today only. */
    days_ahead: z.number().int().min(0).max(MAX_DAYS_AHEAD),
    /** Null: no limit. */
    max_orders_per_slot: z.number().int().min(1).max(1000).nullable(),
    tips_enabled: z.boolean(),
    /** Percentages offered as buttons; the guest may also type an amount. */
    tip_presets: z
      .array(z.number().int().min(1).max(100))
      .max(MAX_TIP_PRESETS)
      .refine((v) => new Set(v).size === v.length, { error: 'ordering.validation.tip_presets_unique' })
      .transform((v) => [...v].sort((a, b) => a - b)),
    /** The restaurant's location, needed by radius zones. */
    location: ZGeoPoint.nullable(),
  })
  .refine((v) => v.asap_enabled || v.scheduled_enabled, { path: ['asap_enabled'], error: 'ordering.validation.timing_required' });
export type TOrderingSettingsInput = z.input<typeof ZOrderingSettings>;
export type TOrderingSettings = z.output<typeof ZOrderingSettings>;

export const DEFAULT_ORDERING_SETTINGS: TOrderingSettings = {
  asap_enabled: true,
  scheduled_enabled: true,
  lead_time_minutes: 20,
  slot_interval_minutes: 15,
  days_ahead: 2,
  max_orders_per_slot: null,
  tips_enabled: false,
  tip_presets: [5, 10, 15],
  location: null,
};

/** PUT /api/tenant/tax-settings (the Taxes page, next to the rates). */
export const ZTaxSettings = z.object({ prices_include_tax: z.boolean() });
export type TTaxSettings = z.output<typeof ZTaxSettings>;

/** POST /api/tenant/orders/pause: stop online orders for a while (null minutes: resume now). */
export const ZPauseOrdering = z.object({ minutes: z.union(PAUSE_CHOICES.map((n) => z.literal(n)) as [z.ZodLiteral<15>, ...z.ZodLiteral<number>[]]).nullable() });
export type TPauseOrdering = z.output<typeof ZPauseOrdering>;

/** GET/POST /api/tenant/orders/pause: until when staff paused online orders ("busy"), on the restaurant's clock. */
export interface TOrderingPause {
  /** Null: not paused (or the pause is over). */
  paused_until: string | null;
  time_zone: string;
}

// ---------------------------------------------------------------------------------------------------------
// Tips

/** The guest's tip: a percentage of the food after discounts, or an amount. */
export const ZTip = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: z.number().int().min(0).max(100) }),
  z.object({ kind: z.literal('amount'), cents: zInteger().min(0).max(1_000_000) }),
]);
export type TTip = z.output<typeof ZTip>;

// ---------------------------------------------------------------------------------------------------------
// Coupons

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type TCouponKind = (typeof COUPON_KINDS)[number];

/** Letters, digits, dash and underscore; compared without regard to case (stored upper case). */
export const zCouponCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'ordering.validation.coupon_code_format' })
  .transform((v) => v.toUpperCase());

export const ZCouponInput = z
  .object({
    code: zCouponCode,
    kind: z.enum(COUPON_KINDS),
    /** Percent: 1..100; fixed: cents. */
    value: zInteger().min(1).max(MAX_MONEY_CENTS),
    min_order_cents: zCents.default(0),
    /** Days on the restaurant's clock, both included; null: no limit. */
    valid_from: zDate.nullable().default(null),
    valid_until: zDate.nullable().default(null),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    max_uses_per_customer: z.number().int().min(1).max(1000).nullable().default(null),
    is_active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'ordering.validation.percent_max' });
    if (v.valid_from && v.valid_until && v.valid_until < v.valid_from) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'ordering.validation.until_before_from' });
  });
export type TCouponInput = z.input<typeof ZCouponInput>;

export interface TCoupon {
  id: string;
  code: string;
  kind: TCouponKind;
  value: number;
  min_order_cents: number;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  is_active: boolean;
  /** Uses by orders that were not rejected or cancelled. */
  uses: number;
  created_at: string;
}

export const ZCouponsQuery = z.object({
  search: zSearch(32),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
