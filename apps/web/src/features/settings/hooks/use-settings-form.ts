import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import type { TLanguage } from '@tavolo/contracts/i18n';
import { useTranslation } from '../../../app/i18n.ts';
import { ZRestaurantSettings, type TOpeningDay, type TRestaurantSettings, type TRestaurantSettingsInput } from '@tavolo/contracts/settings';
import { isSupportedCurrency } from '../../../lib/currencies.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { useSaveRestaurantSettings } from '../api/settings-api.ts';

/** The form keeps optional texts as '' and money as decimal amounts; the contract wants null and integer cents. */
export interface SettingsFormValues {
  business_name: string;
  email: string;
  phone: string;
  address: string;
  street: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
  county: string;
  staff_language: TLanguage;
  description: string;
  /** ISO code; an unsupported stored one (an older import's JPY) stays until another is picked. */
  currency: string;
  currency_symbol: string;
  discount: number | string;
  pickup_start_end_time: string;
  is_open: boolean;
  time_zone: string;
  opening_hours: TOpeningDay[];
  order_types: { pickup: boolean; delivery: boolean; delivery_fee: number | string; delivery_min_order: number | string };
  facebook_link: string;
  twitter_link: string;
  linkedin_link: string;
  google_plus_link: string;
  instagram_link: string;
  alert_mail_after_minutes: number | string;
  /** The switch of the automatic pause; its minutes are kept while it is off. */
  auto_pause: boolean;
  auto_pause_after_minutes: number | string;
}

const num = (value: number | string): number | undefined => (value === '' || value === null ? undefined : Number(value));

/** Decimal to cents without float drift: 12.3 -> 1230. */
export const toCents = (value: number | string): number | undefined => {
  const amount = num(value);
  return amount === undefined || Number.isNaN(amount) ? undefined : Math.round(amount * 100);
};

export const toFormValues = (s: TRestaurantSettings): SettingsFormValues => ({
  business_name: s.business_name,
  email: s.email,
  phone: s.phone,
  address: s.address,
  street: s.street ?? '',
  postal_code: s.postal_code,
  city: s.city,
  state: s.state ?? '',
  country: s.country,
  county: s.county ?? '',
  staff_language: s.staff_language,
  description: s.description ?? '',
  currency: s.currency,
  currency_symbol: s.currency_symbol,
  discount: s.discount,
  pickup_start_end_time: s.pickup_start_end_time ?? '',
  is_open: s.is_open,
  time_zone: s.time_zone,
  opening_hours: [...s.opening_hours].sort((a, b) => a.day - b.day),
  order_types: {
    pickup: s.order_types.pickup,
    delivery: s.order_types.delivery,
    delivery_fee: s.order_types.delivery_fee_cents / 100,
    delivery_min_order: s.order_types.delivery_min_order_cents / 100,
  },
  facebook_link: s.facebook_link ?? '',
  twitter_link: s.twitter_link ?? '',
  linkedin_link: s.linkedin_link ?? '',
  google_plus_link: s.google_plus_link ?? '',
  instagram_link: s.instagram_link ?? '',
  alert_mail_after_minutes: s.alert_mail_after_minutes,
  auto_pause: s.auto_pause_after_minutes !== null,
  auto_pause_after_minutes: s.auto_pause_after_minutes ?? 15,
});

export const toInput = ({ auto_pause, ...v }: SettingsFormValues): TRestaurantSettingsInput =>
  ({
    ...v,
    // An unsupported stored currency can only be the one loaded: not sent, so it stays (absent means unchanged)
    // and the rest of the settings save.
    currency: v.currency === '' || isSupportedCurrency(v.currency) ? v.currency : undefined,
    discount: num(v.discount),
    alert_mail_after_minutes: num(v.alert_mail_after_minutes) ?? null,
    auto_pause_after_minutes: auto_pause ? (num(v.auto_pause_after_minutes) ?? 0) : null,
    order_types: {
      pickup: v.order_types.pickup,
      delivery: v.order_types.delivery,
      delivery_fee_cents: toCents(v.order_types.delivery_fee),
      delivery_min_order_cents: toCents(v.order_types.delivery_min_order),
    },
  }) as TRestaurantSettingsInput;

const FIELD_NAMES: Record<string, string> = {
  'order_types.delivery_fee_cents': 'order_types.delivery_fee',
  'order_types.delivery_min_order_cents': 'order_types.delivery_min_order',
};
/** Contract field names -> form field names. */
const toFormErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_NAMES[field] ?? field, message]));

/** The sticky save bar can be far from the problem: bring the first marked field into view. */
function scrollToFirstError() {
  window.setTimeout(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  }, 50);
}

const validateInput = zodValidate(ZRestaurantSettings);
/** The settings form: loads from `settings`, validates with the shared contract, saves with SPEC §8 notifications. */
export function useSettingsForm(settings: TRestaurantSettings | undefined) {
  const { t } = useTranslation('settings');
  const save = useSaveRestaurantSettings();
  const form = useForm<SettingsFormValues>({
    initialValues: settings ? toFormValues(settings) : undefined,
    validate: (values) => toFormErrors(validateInput(toInput(values))),
  });

  useEffect(() => {
    if (!settings) return;
    const values = toFormValues(settings);
    form.setValues(values);
    form.resetDirty(values);
    // Reset only when the server's state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const notifySave = useSaveNotification();
  const submit = async (values: SettingsFormValues) => {
    try {
      await notifySave(() => save.mutateAsync(toInput(values)));
    } catch (error) {
      if (!serverErrors({ setErrors: (errors) => form.setErrors(toFormErrors(errors)) }, error)) scrollToFirstError();
    }
  };

  const invalid = () => {
    notifications.show({ color: 'red', message: t('check_fields') });
    scrollToFirstError();
  };
  return { form, submit: form.onSubmit(submit, invalid), saving: save.isPending };
}
