import { dateFormat } from './format.ts';

/** A day on the restaurant's clock, `offset` days from now. */
function dayFromNow(timeZone: string, offset: number): string {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** "Today", "Tomorrow", or the weekday and date, in the reader's language (the checkout's and the phone order's days). */
export function dayLabel(date: string, timeZone: string, lang: string, t: (key: string) => string): string {
  if (!date || date === dayFromNow(timeZone, 0)) return t('time.today');
  if (date === dayFromNow(timeZone, 1)) return t('time.tomorrow');
  return dateFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
