import { z } from './zod.ts';

/**
 * A whole number: "Enter a whole number." for text or fractions, the usual required / min / max messages otherwise
 * (an error map on z.number() alone would also replace those).
 */
export const zInteger = () =>
  z.number({ error: (issue) => (issue.code === 'invalid_type' && issue.input != null ? 'validation.integer' : undefined) }).int({ error: 'validation.integer' });

/** A list's search words: trimmed, and runs of spaces read as one ("Spaghetti  Carbonara" found nothing). */
export const zSearch = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v.replace(/\s+/g, ' '))
    .optional();

/** Trimmed, required, bounded text. */
/**
 * Right-to-left overrides and isolates (U+202A–U+202E, U+2066–U+2069) are dropped from what people type: a name
 * with one turned the rest of a mail's subject or a list row around ("…‮evil" showed the time reversed).
 */
const stripBidiControls = (v: string) => v.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
export const zText = (max = 255) => z.string().overwrite(stripBidiControls).trim().min(1).max(max);
export const zOptionalText = (max = 255) =>
  z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
export const zEmail = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
/**
 * Digits with the usual separators, an optional leading + and an extension ("ext. 12", "x12", "#12"); at least five
 * digits, not all zeros (separators alone or "00000" reach nobody).
 */
const PHONE_SHAPE = /^\+?[0-9 ()./-]{5,31}(?:\s*(?:ext\.?|x|#)\s*[0-9]{1,6})?$/i;
export const isPhoneNumber = (value: string) => PHONE_SHAPE.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 5 && /[1-9]/.test(value);
export const zPhone = z.string().trim().min(1).max(32).refine(isPhoneNumber, { error: 'validation.phone' });
/** An id. Left empty (a select nobody picked) it is a missing field, not an invalid one. */
export const zUuid = z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.invalid') });
export const zId = z.object({ id: zUuid });

/**
 * A calendar date as YYYY-MM-DD that really exists: no 2025-02-30 (which Date would roll into March) and no year
 * 0000, which JavaScript reads as 1 BC but no database column holds. 0001-01-01 to 9999-12-31.
 */
export const zCalendarDate = (error: string) =>
  z
    .string()
    .trim()
    .min(1)
    .regex(/^(?!0000)\d{4}-\d{2}-\d{2}$/, { error })
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, { error });
export { z };
