import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { ZReservationSettings, type TReservationSettings, type TReservationSettingsInput } from '@tavolo/contracts/reservations';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { setupApi, useSetupMutation } from '../api/setup-api.ts';

type Count = number | string;

/** Numbers as NumberInput holds them ('' when empty); the interval as the Select's string; hours always filled in. */
export interface BookingRulesValues {
  slot_interval_minutes: string;
  stay_rules: { max_guests: Count; minutes: Count }[];
  lead_time_minutes: Count;
  max_days_ahead: Count;
  max_party_online: Count;
  auto_confirm: boolean;
  cancel_cutoff_hours: Count;
  /** "Same as the opening hours": `hours` is then sent as null but kept, so switching back restores it. */
  same_hours: boolean;
  hours: TOpeningDay[];
}

const num = (value: Count) => (value === '' ? undefined : Number(value));

const toValues = (s: TReservationSettings, openingHours: TOpeningDay[]): BookingRulesValues => ({
  slot_interval_minutes: String(s.slot_interval_minutes),
  stay_rules: s.stay_rules.map((rule) => ({ ...rule })),
  lead_time_minutes: s.lead_time_minutes,
  max_days_ahead: s.max_days_ahead,
  max_party_online: s.max_party_online,
  auto_confirm: s.auto_confirm,
  cancel_cutoff_hours: s.cancel_cutoff_hours,
  same_hours: s.hours === null,
  hours: [...(s.hours ?? openingHours)].sort((a, b) => a.day - b.day),
});

export const toInput = (v: BookingRulesValues): TReservationSettingsInput =>
  ({
    slot_interval_minutes: Number(v.slot_interval_minutes),
    stay_rules: v.stay_rules.map((rule) => ({ max_guests: num(rule.max_guests), minutes: num(rule.minutes) })),
    lead_time_minutes: num(v.lead_time_minutes),
    max_days_ahead: num(v.max_days_ahead),
    max_party_online: num(v.max_party_online),
    auto_confirm: v.auto_confirm,
    cancel_cutoff_hours: num(v.cancel_cutoff_hours),
    hours: v.same_hours ? null : v.hours,
  }) as TReservationSettingsInput;

const validateInput = zodValidate(ZReservationSettings);

/** The sticky save bar can be far from the problem: bring the first marked field into view. */
function scrollToFirstError() {
  window.setTimeout(() => {
    const field = document.querySelector<HTMLElement>('form[data-form=booking-rules] [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  }, 50);
}

/** The booking rules form: the server's rules in, the shared contract to check, the save notification out. */
export function useBookingRulesForm(settings: TReservationSettings, openingHours: TOpeningDay[]) {
  const { t } = useTranslation('reservation-setup');
  const save = useSetupMutation((input: TReservationSettingsInput) => setupApi.saveSettings(input));
  const notifySave = useSaveNotification();
  const form = useForm<BookingRulesValues>({
    initialValues: toValues(settings, openingHours),
    validate: (values) => validateInput(toInput(values)),
  });

  useEffect(() => {
    const values = toValues(settings, openingHours);
    form.setValues(values);
    form.resetDirty(values);
    // Reset only when the server's state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings, openingHours]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        await notifySave(() => save.mutateAsync(toInput(values)));
      } catch (error) {
        if (!serverErrors(form, error)) scrollToFirstError();
      }
    },
    () => {
      notifications.show({ color: 'red', message: t('rules.check_fields') });
      scrollToFirstError();
    },
  );
  return { form, submit, saving: save.isPending };
}
