import i18n from '../app/i18n.ts';
import { siteTimeZone } from '../app/site.ts';
import { formatMoney, formatPercent, pickLanguage } from '@tavolo/contracts/i18n';

/** German writes "12,50 €" and "10 %" with a space that must not break a line between number and unit. */
const unbroken = (text: string) => text.replace(' ', '\u00a0');

/**
 * A guest's own words set into a sentence of ours, as a direction of their own (Unicode isolates): a Hebrew street
 * name otherwise pulled the comma and postal code after it around ("… 10001 ,שלום").
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** "10%" / "10 %" in the visitor's language. */
export function percent(amount: number | string): string {
  return unbroken(formatPercent(pickLanguage(i18n.language), amount));
}

/** Minor units -> "$12.50" / "12,50 $" in the visitor's language; the server has already computed the amount. */
export function money(cents: number, symbol = '$'): string {
  return unbroken(formatMoney(pickLanguage(i18n.language), cents, symbol));
}

/** A plan's price: "$29" rather than "$29.00" (plan prices are whole amounts; cents stay when there are any). */
export function planPrice(cents: number, currency: string): string {
  const formatted = money(cents, currency === 'USD' ? '$' : currency);
  return cents % 100 === 0 ? formatted.replace(/[.,]00(?=\D*$)/, '') : formatted;
}

/**
 * Intl formatters made once per locale and options: making one costs far more than formatting with it (the first
 * also loads the locale's data), and a list formats every row, every render.
 */
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();
function cached<T extends Formatter>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}
export const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  cached(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  cached(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export function monthYear(iso: string): string {
  return dateFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { month: 'long', year: 'numeric', timeZone: siteTimeZone() }).format(new Date(iso));
}

const locale = () => (i18n.language === 'de' ? 'de-DE' : 'en-US');

/**
 * Times of day on the 24-hour clock in both languages: slots, bookings, hours and e-mails are written "19:30", so an
 * order's time must not read "07:30 PM" beside them.
 */
export const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const satisfies Intl.DateTimeFormatOptions;

/** A count in the visitor's language ("1,234" / "1.234"). */
export function number(value: number): string {
  return numberFormat(locale()).format(value);
}

/** "4.6" / "4,6": a rating, always with one decimal. */
export function oneDecimal(value: number): string {
  return numberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** "12 Jun 2026" / "12. Juni 2026"; a bare YYYY-MM-DD is a calendar day, not an instant (no time-zone shift). */
export function longDate(value: string): string {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: dayOnly ? 'UTC' : siteTimeZone() }).format(new Date(value));
}

/** "12 Jun" / "12. Juni" for a YYYY-MM-DD calendar day (chart axes). */
export function dayMonth(day: string): string {
  return dateFormat(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(day));
}

/** "12 Jun 2026, 19:30" / "12. Juni 2026, 19:30", on the clock of `timeZone` (default: the restaurant's, see siteTimeZone). */
export function dateTimeLong(iso: string, timeZone = siteTimeZone()): string {
  return dateFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK, timeZone }).format(new Date(iso));
}

/** "23 Nov, 14:05" in the reader's language, on the restaurant's clock: a ticket and the screen agree wherever the browser is. */
export function dateTime(iso: string, timeZone = siteTimeZone()): string {
  return dateFormat(locale(), { day: 'numeric', month: 'short', ...CLOCK, timeZone }).format(new Date(iso));
}

/** "14:05" in either language, on the restaurant's clock. */
export function timeOnly(iso: string, timeZone = siteTimeZone()): string {
  return dateFormat(locale(), { ...CLOCK, timeZone }).format(new Date(iso));
}

/** "Dec 13" / "13. Dez." for an instant, on the restaurant's clock (a date near enough that its year goes without saying). */
export function shortDate(iso: string): string {
  return dateFormat(locale(), { day: 'numeric', month: 'short', timeZone: siteTimeZone() }).format(new Date(iso));
}

/** "Fri, Jun 12, 2026" / "Fr., 12. Juni 2026" for a YYYY-MM-DD calendar day (a picked date). */
export function shortWeekdayDate(day: string): string {
  return dateFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(day));
}

/** "just now", "5 minutes ago", "gestern"… for recent moments; older ones as a date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = cached(`r ${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  if (Math.abs(seconds) < 45) return rtf.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return rtf.format(days, 'day');
  return shortDate(iso);
}

/** "Friday, 12 June 2026" / "Freitag, 12. Juni 2026" for a YYYY-MM-DD calendar day. */
export function weekdayDate(day: string): string {
  return dateFormat(locale(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(day));
}
