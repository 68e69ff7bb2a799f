import { z } from './zod.ts';

/**
 * Every Zod issue carries a message *key* (see locales/*.json `validation`), never English text,
 * so the server and the browser translate the same issue into the user's language.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid_type';
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.min_length';
        if (issue.origin === 'array' || issue.origin === 'set') return 'validation.min_items';
        return 'validation.min_value';
      case 'too_big':
        if (issue.origin === 'string') return 'validation.max_length';
        if (issue.origin === 'array' || issue.origin === 'set') return 'validation.max_items';
        return 'validation.max_value';
      case 'invalid_format':
        return issue.format === 'email' ? 'validation.email' : 'validation.invalid_format';
      case 'invalid_value':
        return 'validation.invalid_choice';
      case 'unrecognized_keys':
        return 'validation.unknown_field';
      default:
        return 'validation.invalid';
    }
  },
});

export interface TIssueLike {
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** Groups issues by field as `{ field: [message] }`, translated by the caller's `t`. */
export function issuesToFieldErrors(
  issues: readonly TIssueLike[],
  t: (key: string, params: Record<string, unknown>) => string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const message = t(issue.message, { min: issue.minimum, max: issue.maximum });
    (errors[field] ??= []).includes(message) || errors[field].push(message);
  }
  return errors;
}

/**
 * A whole number: "Enter a whole number." for text or fractions, the usual required / min / max messages otherwise
 * (an error map on z.number() alone would also replace those).
 */
export const zInteger = () =>
  z.number({ error: (issue) => (issue.code === 'invalid_type' && issue.input != null ? 'validation.integer' : undefined) }).int({ error: 'validation.integer' });

/** Trimmed, required, bounded text. */
export const zText = (max = 255) => z.string().trim().min(1).max(max);
export const zOptionalText = (max = 255) =>
  z
    .string()
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
/** Digits with the usual separators, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{5,31}$/;
export const zPhone = z.string().trim().min(1).max(32).regex(PHONE_PATTERN, { error: 'validation.phone' });
/** An id. Left empty (a select nobody picked) it is a missing field, not an invalid one. */
export const zUuid = z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.invalid') });
export const zId = z.object({ id: zUuid });
export { z };
