import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { useTranslation } from '../../../app/i18n.ts';
import { weekdayDate } from '../../../lib/format.ts';

/**
 * A day picked from a calendar in the guest's language (the reservation's and the quote's date): the browser's own
 * date field follows the browser's language, not the page's, and showed "mm/dd/yyyy" on German pages.
 */
export function GuestDateInput(props: Omit<DatePickerInputProps, 'type' | 'locale' | 'valueFormat'>) {
  const { t, i18n } = useTranslation('requests');
  return (
    <DatePickerInput
      placeholder={t('reservation.pick_date')}
      locale={i18n.language}
      valueFormat={t('reservation.date_format')}
      // Read out as "Freitag, 12. Juni 2026" (Mantine's own label lacks the German day's point).
      getDayAriaLabel={weekdayDate}
      firstDayOfWeek={1}
      weekendDays={[]}
      popoverProps={{ zIndex: 350 }}
      {...props}
    />
  );
}
