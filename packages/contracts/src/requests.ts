import { z } from './zod.ts';
import type { TReservationLimits } from './reservations.ts';
import type { TOpeningDay } from './settings.ts';
import { zCalendarDate, zEmail, zOptionalText, zPhone, zText, zUuid } from './validation.ts';

/**
 * Guest forms of a restaurant's storefront (SPEC §2.2, §5, §7): reservation, newsletter, contact, stock check
 * and quote request. "Not in the past" and "within opening hours" need the restaurant's time zone and hours,
 * so the server checks those; everything else is checked here, in the browser and on the server alike.
 */

export const MAX_PARTY_SIZE = 50;
export const MAX_STOCK_CHECK_QUANTITY = 999;
export const MAX_QUOTE_GUESTS = 10_000;
/** Budgets up to 1,000,000 in the restaurant's currency. */
export const MAX_BUDGET_CENTS = 100_000_000;

export const zDate = zCalendarDate('requests.validation.date');

export const zTimeOfDay = z
  .string()
  .trim()
  .min(1)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/** SPEC §5: every field required; guests an integer of at least 1. */
export const ZReservationRequest = z.object({
  full_name: zText(120),
  phone_number: zPhone,
  email: zEmail,
  date: zDate,
  time: zTimeOfDay,
  guests: z.number().int().min(1).max(MAX_PARTY_SIZE),
  message: zText(2000),
});
export type TReservationRequest = z.output<typeof ZReservationRequest>;
export type TReservationRequestInput = z.input<typeof ZReservationRequest>;

export const ZSubscribeRequest = z.object({ email: zEmail });
export type TSubscribeRequest = z.output<typeof ZSubscribeRequest>;

/** The token from a confirmation or unsubscribe link (43 URL-safe characters; a little slack). */
export const ZNewsletterToken = z.object({
  token: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' }),
});
export type TNewsletterToken = z.output<typeof ZNewsletterToken>;

export const ZContactRequest = z.object({
  name: zText(120),
  email: zEmail,
  phone: zOptionalText(32).pipe(z.string().regex(/^\+?[0-9 ()./-]{5,31}$/, { error: 'validation.phone' }).optional()),
  subject: zText(200),
  message: zText(5000),
});
export type TContactRequest = z.output<typeof ZContactRequest>;
export type TContactRequestInput = z.input<typeof ZContactRequest>;

export const ZStockCheckRequest = z.object({
  full_name: zText(120),
  phone_number: zPhone,
  email: zEmail,
  product_id: zUuid,
  quantity: z.number().int().min(1).max(MAX_STOCK_CHECK_QUANTITY),
});
export type TStockCheckRequest = z.output<typeof ZStockCheckRequest>;
export type TStockCheckRequestInput = z.input<typeof ZStockCheckRequest>;

/** "250", "250.5", "250,50" (German comma) or a number; empty means "no budget given". */
const zBudget = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.issues.push({ code: 'custom', message: 'requests.validation.budget', input: v });
      return z.NEVER;
    }
    const cents = Math.round(Number(text) * 100);
    if (cents > MAX_BUDGET_CENTS) {
      ctx.issues.push({ code: 'custom', message: 'requests.validation.budget', input: v });
      return z.NEVER;
    }
    return cents;
  });

export const ZQuoteRequest = z.object({
  name: zText(120),
  email: zEmail,
  phone: zPhone,
  event_date: zDate,
  guests: z.number().int().min(1).max(MAX_QUOTE_GUESTS),
  budget: zBudget,
  message: zText(5000),
});
export type TQuoteRequest = z.output<typeof ZQuoteRequest>;
export type TQuoteRequestInput = z.input<typeof ZQuoteRequest>;

export interface TStockCheckAnswer {
  /** Whether the asked quantity can be had now; the exact level is never revealed. */
  available: boolean;
}

/** What the reservation form needs to offer only bookable days (the times come from the availability endpoint). */
export interface TReservationOptions extends TReservationLimits {
  time_zone: string;
  /** Today in the restaurant's time zone, YYYY-MM-DD. */
  today: string;
  opening_hours: TOpeningDay[];
}

export interface TStockCheckProduct {
  id: string;
  name: string;
  category: string;
}

/** 0 = Sunday … 6 = Saturday, like `TOpeningDay.day`. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
