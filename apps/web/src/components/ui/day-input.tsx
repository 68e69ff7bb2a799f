import { DatePickerInput, type DateFormatter, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { useTranslation } from '../../app/i18n.ts';
import { longDate, shortWeekdayDate, weekdayDate } from '../../lib/format.ts';

type DayInputProps = Omit<DatePickerInputProps, 'type' | 'locale' | 'valueFormat' | 'valueFormatter'> & {
  /** "Nov 29, 2026" instead of "Sun, Nov 29, 2026", for a filter in a narrow row. */
  short?: boolean;
};

// Written as every other date of the app (Intl): dayjs would say "Sep." where the rest says "Sept.".
const asDay = (format: (day: string) => string): DateFormatter => ({ date }) => (typeof date === 'string' && date ? format(date.slice(0, 10)) : '');
const LONG = asDay(shortWeekdayDate);
const SHORT = asDay(longDate);

/**
 * A day picked from a calendar in the page's language (a booking's date, the quote's event, a list's range): the
 * browser's own date field follows the browser's language, not the page's, and showed "mm/dd/yyyy" on German pages.
 * The value stays "YYYY-MM-DD", as the API takes it.
 */
export function DayInput({ short, ...props }: DayInputProps) {
  const { t, i18n } = useTranslation('common');
  // The field is a button, and a button's label replaces what it shows: name the day too, or a screen reader hears
  // "From, button" and never the date.
  const name = props['aria-label'] ?? (typeof props.label === 'string' ? props.label : undefined);
  const day = typeof props.value === 'string' && props.value ? shortWeekdayDate(props.value.slice(0, 10)) : t('day_input.pick');
  return (
    <DatePickerInput
      placeholder={t('day_input.pick')}
      locale={i18n.language}
      valueFormatter={short ? SHORT : LONG}
      // Read out as "Freitag, 12. Juni 2026" (Mantine's own label lacks the German day's point).
      getDayAriaLabel={weekdayDate}
      firstDayOfWeek={1}
      weekendDays={[]}
      // Above the dialogs it may sit in.
      popoverProps={{ zIndex: 1000 }}
      clearButtonProps={{ 'aria-label': t('day_input.clear') }}
      ariaLabels={{
        previousMonth: t('day_input.previous_month'),
        nextMonth: t('day_input.next_month'),
        previousYear: t('day_input.previous_year'),
        nextYear: t('day_input.next_year'),
        previousDecade: t('day_input.previous_decade'),
        nextDecade: t('day_input.next_decade'),
        monthLevelControl: t('day_input.months'),
        yearLevelControl: t('day_input.years'),
      }}
      {...props}
      aria-label={name && `${name}: ${day}`}
    />
  );
}
