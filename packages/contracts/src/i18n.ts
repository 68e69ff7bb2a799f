import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import { PLACEHOLDER, textAt } from './translator.ts';

export const LANGUAGES = ['en', 'de'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Messages shared by server and web: validation, errors, e-mails. The web app loads them as the `common` namespace. */
export const sharedMessages = { en, de } as const;

const supported = (tag: string | undefined): TLanguage | undefined => {
  const primary = tag?.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as TLanguage) : undefined;
};

/**
 * Our language from an `X-Language` value ("de") or an `Accept-Language` header ("fr-CH, fr;q=0.9, de;q=0.8"): the
 * supported language the caller weighs highest (the earlier on a tie; q=0 means "not this"), else English.
 */
export function pickLanguage(value: string | undefined | null): TLanguage {
  // Runs for every request the server gets; most machine clients (probes, scripts) send no language at all.
  if (!value) return DEFAULT_LANGUAGE;
  if (!value.includes(',') && !value.includes(';')) return supported(value) ?? DEFAULT_LANGUAGE;
  let best: TLanguage = DEFAULT_LANGUAGE;
  let bestWeight = 0;
  for (const entry of value.split(',', 20)) {
    const [tag, ...params] = entry.split(';');
    const language = supported(tag);
    if (!language) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > bestWeight) [best, bestWeight] = [language, weight];
  }
  return best;
}

type Dict = { [key: string]: string | Dict };

function lookup(dict: Dict, key: string): string | undefined {
  const text = textAt(dict, key);
  return typeof text === 'string' ? text : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(en as Dict, key) !== undefined;
}

/** Translates a shared message key; interpolates `{{name}}` like i18next does. Unknown keys come back unchanged. */
export function translate(lang: TLanguage, key: string, params: Record<string, unknown> = {}): string {
  // A count of exactly one picks `{key}_one` where a message has it (as i18next does in the browser).
  const one = params.count === 1 ? (lookup(sharedMessages[lang] as Dict, `${key}_one`) ?? lookup(en as Dict, `${key}_one`)) : undefined;
  const template = one ?? lookup(sharedMessages[lang] as Dict, key) ?? lookup(en as Dict, key) ?? key;
  return template.replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''));
}

/** The {{names}} a message needs (every language has the same ones as English). */
export function messagePlaceholders(key: string): string[] {
  return [...(lookup(en as Dict, key) ?? '').matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

const numberLocale = (lang: TLanguage) => (lang === 'de' ? 'de-DE' : 'en-US');

/**
 * One Intl formatter per language and kind, made on first use: making one costs far more than formatting with it
 * (a menu of 12 dishes made dozens of them per render, most of a 100 ms task on a slow phone).
 */
function perLanguage<T>(make: (locale: string) => T): (lang: TLanguage) => T {
  const made = new Map<TLanguage, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) made.set(lang, (value = make(numberLocale(lang))));
    return value;
  };
}

const calendarDateFormat = perLanguage((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }));

/** Each language's thousands and decimal separators, as Intl writes them (en-US, de-DE). */
const SEPARATORS: Record<TLanguage, [thousands: string, decimal: string]> = { en: [',', '.'], de: ['.', ','] };

/**
 * A whole number of thousandths or hundredths as the reader writes it ("1,234.50" / "1.234,50"), the same as
 * Intl.NumberFormat (i18n.test.ts compares them) but without one: the first Intl number format a page makes loads
 * the locale's data, a fifth of a second of a slow phone's checkout start, and money and tax rates are all the
 * storefront formats at first. `trim` drops the fraction's trailing zeros (and a fraction of zeros).
 */
function formatFixed(lang: TLanguage, value: number, digits: 2 | 3, trim: boolean): string {
  const [thousands, decimal] = SEPARATORS[lang];
  const scale = 10 ** digits;
  const whole = Math.round(Math.abs(value));
  const units = String(Math.floor(whole / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  let fraction = String(whole % scale).padStart(digits, '0');
  if (trim) fraction = fraction.replace(/0+$/, '');
  return `${value < 0 && whole > 0 ? '-' : ''}${units}${fraction ? decimal + fraction : ''}`;
}

/** Minor units as the reader writes money: "$12.50" / "12,50 $". One format for the storefront, errors and e-mails. */
export function formatMoney(lang: TLanguage, cents: number, symbol: string): string {
  const amount = formatFixed(lang, cents, 2, false);
  return lang === 'de' ? `${amount} ${symbol}` : `${symbol}${amount}`;
}

/** A percentage as the reader writes it: "10%" in English, "10 %" in German. */
export const formatPercent = (lang: TLanguage, amount: string | number): string => `${amount}${lang === 'de' ? ' %' : '%'}`;

/** A tax rate in thousandths of a percent as "8.875%" / "8,875 %". */
export function formatRatePercent(lang: TLanguage, millipercent: number): string {
  return formatPercent(lang, formatFixed(lang, millipercent, 3, true));
}

/** A rate named with its percentage already ("MwSt. 7 %") is not given it twice on receipts and mails. */
export const nameHasRate = (name: string) => /\d\s*%/.test(name);

/** A calendar date (YYYY-MM-DD) as the reader writes it (24.11.2026 / Nov 24, 2026); it has no time zone, so UTC. */
export function formatCalendarDate(lang: TLanguage, value: string): string {
  return calendarDateFormat(lang).format(new Date(`${value}T00:00:00Z`));
}
