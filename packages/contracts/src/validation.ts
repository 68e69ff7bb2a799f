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

/**
 * What people type, without what no one means to type and what lets text pass for other text:
 * - right-to-left overrides and isolates (U+202A–U+202E, U+2066–U+2069): a name with one turned the rest of a
 *   mail's subject or a list row around ("…‮evil" showed the time reversed);
 * - control characters other than tab and line breaks (a bell, an escape), and the zero-width space, word joiner
 *   and byte-order mark.
 * Text of invisible characters only (zero-width joiners, direction marks, variation selectors, Hangul fillers) is
 * empty: a restaurant named with two zero-width spaces had no name in any list. Joiners inside a name stay (emoji, Persian, Hindi).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-misleading-character-class -- each mark on its own is what is looked for
const INVISIBLE_ONLY = /^[\s\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200C-\u200F\u3164\uFE00-\uFE0F\uFFA0]*$/;
export const cleanText = (v: string) => {
  const cleaned = v.replace(UNWANTED, '');
  return INVISIBLE_ONLY.test(cleaned) ? '' : cleaned;
};
/** A string as typed, cleaned (cleanText) and trimmed: the start of every schema of free text. */
export const zCleanString = () => z.string().overwrite(cleanText).trim();
/** Trimmed, required, bounded text. */
export const zText = (max = 255) => zCleanString().min(1).max(max);
export const zOptionalText = (max = 255) =>
  zCleanString()
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
/**
 * An id. Left empty (a select nobody picked) it is a missing field, not an invalid one. Written in lower case, as the
 * database answers it: an id typed in capitals is the same row, and code that looks ids up in what it loaded finds it.
 */
export const zUuid = z
  .uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.invalid') })
  .overwrite((id) => id.toLowerCase());
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
