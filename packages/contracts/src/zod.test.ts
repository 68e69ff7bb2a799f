import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { zOptionalText, zPhone, zText, zUuid } from './validation.ts';

describe('contracts/zod', () => {
  // Browsers parse without Zod's JIT (CSP without 'unsafe-eval'; e2e/tests/csp-zod.e2e.ts); the server, parsing
  // every request body, keeps it.
  it('keeps the JIT where there is no window (the server)', () => {
    expect(z.config().jitless).toBeFalsy();
  });

  it('names a fraction where a whole number is wanted as such, not as a wrong type', () => {
    const guests = z.number().int().min(1);
    expect(guests.safeParse(2.5).error?.issues[0]?.message).toBe('validation.integer');
    expect(z.coerce.number().int().safeParse('2.5').error?.issues[0]?.message).toBe('validation.integer');
    expect(guests.safeParse('2').error?.issues[0]?.message).toBe('validation.invalid_type');
    expect(guests.safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });

  it('names an empty text "required" whatever its minimum, a short one by its minimum', () => {
    const password = z.string().min(8);
    expect(password.safeParse('').error?.issues[0]?.message).toBe('validation.required');
    expect(z.string().trim().min(10).safeParse('   ').error?.issues[0]?.message).toBe('validation.required');
    expect(password.safeParse('short').error?.issues[0]?.message).toBe('validation.min_length');
  });

  it('writes ids in lower case, as the database answers them, and names an empty one as missing', () => {
    expect(zUuid.parse('2DBEDAD9-845D-42B5-A384-DC42DEDEE824')).toBe('2dbedad9-845d-42b5-a384-dc42dedee824');
    expect(zUuid.safeParse('').error?.issues[0]?.message).toBe('validation.required');
    expect(zUuid.safeParse('2DBEDAD9').error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('takes phone numbers as people write them, with an extension, and refuses what reaches nobody', () => {
    for (const phone of ['+1 (212) 555-0199', '030 1234567', '+49 30/123 45-67', '212.555.0199 ext. 12', '+1 212 555 0199 x12', '0800 123 456 #7', '12345']) {
      expect(zPhone.safeParse(phone).success, phone).toBe(true);
    }
    for (const phone of ['call me', '00000', '+0 (000) 000-0000', '-----', '(()) ..', '1234', '555 0199 ext', 'ext. 12']) {
      expect(zPhone.safeParse(phone).error?.issues.at(-1)?.message, phone).toBe('validation.phone');
    }
  });

  it('drops right-to-left overrides and isolates from typed text (they turned a mail subject around)', () => {
    expect(zText(50).parse('Renée \u202Eevil ')).toBe('Renée evil');
    expect(zOptionalText(50).parse('\u2066Ada\u2069')).toBe('Ada');
    expect(zText(50).safeParse('\u202E').success).toBe(false);
    // Marks that only set a direction (RLM, LRM) stay: Hebrew and Arabic names need them.
    expect(zText(50).parse('\u200Fשלום')).toBe('\u200Fשלום');
  });

  it('drops control characters and zero-width spaces, and counts invisible-only text as empty', () => {
    expect(zText(50).parse('Bell\u0007 Bistro\u200B\u001B')).toBe('Bell Bistro');
    expect(zText(500).parse('Line one\nLine two\tend')).toBe('Line one\nLine two\tend');
    for (const blank of ['\u200B\u200B', '\u200D', '\u200F', '\u3164', ' \uFE0F ', '\u0007', '\u202E']) {
      expect(zText(50).safeParse(blank).error?.issues[0]?.message, JSON.stringify(blank)).toBe('validation.required');
      expect(zOptionalText(50).parse(blank), JSON.stringify(blank)).toBeUndefined();
    }
    // Joiners inside a name stay: an emoji family, Persian.
    expect(zText(50).parse('🍕👨\u200D👩\u200D👧')).toBe('🍕👨\u200D👩\u200D👧');
    expect(zText(50).parse('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });
});
