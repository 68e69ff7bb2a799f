import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatRatePercent, LANGUAGES, pickLanguage } from './i18n.ts';

const intl = { en: 'en-US', de: 'de-DE' } as const;
const viaIntl = (lang: (typeof LANGUAGES)[number], cents: number) => new Intl.NumberFormat(intl[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

describe('pickLanguage', () => {
  it('takes the supported language an Accept-Language header weighs highest, else English', () => {
    expect(pickLanguage('de')).toBe('de');
    expect(pickLanguage('de-AT')).toBe('de');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage('de-DE,de;q=0.9,en-US;q=0.8')).toBe('de');
    // A first choice we don't have: the next one we do (this was English).
    expect(pickLanguage('fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5')).toBe('de');
    // Weights, not order, decide; on a tie the earlier wins; q=0 is "not this".
    expect(pickLanguage('en;q=0.1, de;q=0.9')).toBe('de');
    expect(pickLanguage('de;q=0.5, en;q=0.5')).toBe('de');
    expect(pickLanguage('de;q=0, fr')).toBe('en');
    expect(pickLanguage(';;;,,,q=')).toBe('en');
  });
});

describe('formatMoney', () => {
  it('writes amounts as each language writes them, with its symbol where that language puts it', () => {
    expect(formatMoney('en', 123456, '$')).toBe('$1,234.56');
    expect(formatMoney('de', 123456, '€')).toBe('1.234,56 €');
    expect(formatMoney('en', 5, '$')).toBe('$0.05');
    expect(formatMoney('de', -250, '$')).toBe('-2,50 $');
    expect(formatMoney('en', 0, '£')).toBe('£0.00');
  });

  // Up to 10^13 cents (10^11 units): beyond, cents / 100 as a float (what Intl is given) is no longer exact.
  it('writes every whole number of cents exactly as Intl.NumberFormat does (without making one)', () => {
    const same = (lang: (typeof LANGUAGES)[number], cents: number) => {
      expect(formatMoney(lang, cents, '').trim(), `${lang} ${cents}`).toBe(viaIntl(lang, cents));
    };
    for (const lang of LANGUAGES) for (const cents of [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, -1, -100, -123_456_789, 1e13, -1e13]) same(lang, cents);
    fc.assert(fc.property(fc.constantFrom(...LANGUAGES), fc.integer({ min: -1e13, max: 1e13 }), same), { numRuns: 2000 });
  });
});

describe('formatRatePercent', () => {
  it('writes a rate in thousandths of a percent with up to three decimals, as each language does (a space before % in German only)', () => {
    expect(formatRatePercent('en', 8875)).toBe('8.875%');
    expect(formatRatePercent('de', 8875)).toBe('8,875 %');
    expect(formatRatePercent('de', 19000)).toBe('19 %');
    expect(formatRatePercent('en', 7500)).toBe('7.5%');
    expect(formatRatePercent('en', 0)).toBe('0%');
  });

  it('writes every whole number of thousandths exactly as Intl.NumberFormat does (without making one)', () => {
    const viaIntlRate = (lang: (typeof LANGUAGES)[number], millipercent: number) => `${new Intl.NumberFormat(intl[lang], { maximumFractionDigits: 3 }).format(millipercent / 1000)}${lang === 'de' ? ' %' : '%'}`;
    const same = (lang: (typeof LANGUAGES)[number], millipercent: number) => {
      expect(formatRatePercent(lang, millipercent), `${lang} ${millipercent}`).toBe(viaIntlRate(lang, millipercent));
    };
    for (const lang of LANGUAGES) for (const rate of [0, 1, 10, 100, 999, 1000, 1001, 1010, 1100, 100_000, 1_234_567]) same(lang, rate);
    fc.assert(fc.property(fc.constantFrom(...LANGUAGES), fc.integer({ min: 0, max: 1e9 }), same), { numRuns: 2000 });
  });
});
