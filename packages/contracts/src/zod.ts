import { z } from 'zod';

/**
 * The `z` every contracts module and the web app import (never 'zod' itself; eslint enforces it), so this runs
 * before the first schema is built. Zod's object schemas probe for `new Function('')` when they are built (a
 * faster, compiled parser); in the browser our CSP has no 'unsafe-eval', so the probe is a CSP violation that Chrome
 * reports (Lighthouse's 'Issues' audit) even though Zod catches the error. Browsers therefore parse without the
 * JIT; the server (no `window`) keeps it, as it parses every request body.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * Every Zod issue carries a message *key* (see locales/*.json `validation`), never English text,
 * so the server and the browser translate the same issue into the user's language.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'validation.required';
        // `.int()` refuses 2.5 as a wrong type: say what is wanted ("Enter a whole number.").
        return issue.expected === 'int' && typeof issue.input === 'number' ? 'validation.integer' : 'validation.invalid_type';
      case 'too_small':
        // Nothing typed at all is "required", whatever the minimum (an empty password said "at least 8 characters").
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 || issue.input === '' ? 'validation.required' : 'validation.min_length';
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

export { z };
