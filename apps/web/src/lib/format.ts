import i18n from 'i18next';
import { formatMoney, pickLanguage } from '@tavolo/contracts/i18n';

/** Minor units -> "$12.50" / "12,50 $" in the visitor's language; the server has already computed the amount. */
export function money(cents: number, symbol = '$'): string {
  return formatMoney(pickLanguage(i18n.language), cents, symbol);
}

/** A plan's price: "$29" rather than "$29.00" (plan prices are whole amounts; cents stay when there are any). */
export function planPrice(cents: number, currency: string): string {
  const formatted = money(cents, currency === 'USD' ? '$' : currency);
  return cents % 100 === 0 ? formatted.replace(/[.,]00(?=\D*$)/, '') : formatted;
}

export function monthYear(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { month: 'long', year: 'numeric' }).format(new Date(iso));
}

const locale = () => (i18n.language === 'de' ? 'de-DE' : 'en-US');

/** A count in the visitor's language ("1,234" / "1.234"). */
export function number(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

/** "12 Jun 2026" / "12. Juni 2026"; a bare YYYY-MM-DD is a calendar day, not an instant (no time-zone shift). */
export function longDate(value: string): string {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: dayOnly ? 'UTC' : undefined }).format(new Date(value));
}

/** "12 Jun" / "12. Juni" for a YYYY-MM-DD calendar day (chart axes). */
export function dayMonth(day: string): string {
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(day));
}

/** "12 Jun 2026, 19:30" / "12. Juni 2026, 19:30", on the clock of `timeZone` (default: the browser's). */
export function dateTimeLong(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** "just now", "5 minutes ago", "gestern"… for recent moments; older ones as a date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return rtf.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return rtf.format(days, 'day');
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-US', { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** "Friday, 12 June 2026" / "Freitag, 12. Juni 2026" for a YYYY-MM-DD calendar day. */
export function weekdayDate(day: string): string {
  return new Intl.DateTimeFormat(locale(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(day));
}
