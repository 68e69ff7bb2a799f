import { Badge, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconAlarm,
  IconBuildingStore,
  IconClock,
  IconMapPin,
  IconShoppingBag,
  IconShare,
  IconWorld,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { LANGUAGES } from '@tavolo/contracts/i18n';
import { CURRENCY_SYMBOLS, type TCurrency } from '@tavolo/contracts/currencies';
import { ALERT_MAIL_MAX, ALERT_MAIL_MIN, AUTO_PAUSE_MAX, AUTO_PAUSE_MIN, timeZones, type TRestaurantSettings } from '@tavolo/contracts/settings';
import { useSettingsForm } from '../hooks/use-settings-form.ts';
import { OpeningHoursFields } from '../../../components/ui/opening-hours-fields.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { CurrencySelect } from '../../../components/ui/currency-select.tsx';
import { percent } from '../../../lib/format.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';

const ICON = { size: 20, stroke: 1.6 };

/** Every setting of the restaurant on one page, in sections, saved at once. */
export function SettingsForm({ settings }: { settings: TRestaurantSettings }) {
  const { t } = useTranslation('settings');
  const { form, submit, saving } = useSettingsForm(settings);
  useLeaveGuard(form.isDirty());
  const zones = useMemo(() => timeZones(), []);
  const currencyInput = form.getInputProps('currency');
  const money = { decimalScale: 2, fixedDecimalScale: true, step: 0.5, inputMode: 'decimal' as const, decimalSeparator: t('decimal_separator'), thousandSeparator: false };
  const delivery = form.values.order_types.delivery;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={960}>
        <FormSection icon={<IconBuildingStore {...ICON} />} title={t('sections.restaurant')} description={t('sections.restaurant_hint')}>
          <Stack>
            <TextInput label={t('fields.business_name')} required maxLength={120} {...form.getInputProps('business_name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.email')} type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label={t('fields.phone')} type="tel" required autoComplete="tel" {...form.getInputProps('phone')} />
              <Select
                label={t('fields.staff_language')}
                description={t('fields.staff_language_hint')}
                allowDeselect={false}
                // Each language in its own name, as in the language switcher.
                data={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`, { ns: 'common' }) }))}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('staff_language')}
              />
            </SimpleGrid>
            <Textarea label={t('fields.description')} description={t('fields.description_hint')} autosize minRows={2} maxRows={6} maxLength={1000} {...form.getInputProps('description')} />
          </Stack>
        </FormSection>

        <FormSection icon={<IconMapPin {...ICON} />} title={t('sections.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.address')} required maxLength={200} {...form.getInputProps('address')} />
            <TextInput label={t('fields.street')} maxLength={200} {...form.getInputProps('street')} />
            <TextInput label={t('fields.postal_code')} required maxLength={20} {...form.getInputProps('postal_code')} />
            <TextInput label={t('fields.city')} required maxLength={100} {...form.getInputProps('city')} />
            <TextInput label={t('fields.state')} maxLength={100} {...form.getInputProps('state')} />
            <TextInput label={t('fields.county')} maxLength={100} {...form.getInputProps('county')} />
            <TextInput label={t('fields.country')} required maxLength={100} {...form.getInputProps('country')} />
          </SimpleGrid>
        </FormSection>

        <FormSection icon={<IconClock {...ICON} />} title={t('sections.hours')} description={t('sections.hours_hint')}>
          <OpeningHoursFields
            days={form.values.opening_hours}
            error={form.errors.opening_hours}
            timeProps={(index, field) => form.getInputProps(`opening_hours.${index}.${field}`)}
            onOpenChange={(index, open) => form.setFieldValue(`opening_hours.${index}.closed`, !open)}
          />
        </FormSection>

        <FormSection icon={<IconShoppingBag {...ICON} />} title={t('sections.ordering')} description={t('sections.ordering_hint')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Switch
                label={t('fields.pickup')}
                description={t('fields.pickup_hint')}
                {...form.getInputProps('order_types.pickup', { type: 'checkbox' })}
              />
              <Switch
                label={t('fields.delivery')}
                description={t('fields.delivery_hint')}
                {...form.getInputProps('order_types.delivery', { type: 'checkbox' })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <BoundedNumberInput
                label={t('fields.delivery_fee')}
                disabled={!delivery}
                min={0}
                max={10_000}
                currency={form.values.currency_symbol}
                {...money}
                {...form.getInputProps('order_types.delivery_fee')}
              />
              <BoundedNumberInput
                label={t('fields.delivery_min_order')}
                disabled={!delivery}
                min={0}
                max={100_000}
                currency={form.values.currency_symbol}
                {...money}
                {...form.getInputProps('order_types.delivery_min_order')}
              />
            </SimpleGrid>
          </Stack>
        </FormSection>

        <FormSection icon={<IconAlarm {...ICON} />} title={t('sections.escalation')} description={t('sections.escalation_hint')}>
          <Stack>
            <BoundedNumberInput
              label={t('fields.alert_mail_after_minutes')}
              description={t('fields.alert_mail_after_minutes_hint', { email: form.values.email })}
              min={ALERT_MAIL_MIN}
              max={ALERT_MAIL_MAX}
              allowDecimal={false}
              suffix={` ${t('fields.minutes')}`}
              maw={320}
              required
              {...form.getInputProps('alert_mail_after_minutes')}
            />
            <Switch label={t('fields.auto_pause')} description={t('fields.auto_pause_hint')} {...form.getInputProps('auto_pause', { type: 'checkbox' })} />
            {form.values.auto_pause && (
              <BoundedNumberInput
                label={t('fields.auto_pause_after_minutes')}
                description={t('fields.auto_pause_after_minutes_hint', { min: AUTO_PAUSE_MIN, max: AUTO_PAUSE_MAX })}
                min={AUTO_PAUSE_MIN}
                max={AUTO_PAUSE_MAX}
                allowDecimal={false}
                suffix={` ${t('fields.minutes')}`}
                maw={320}
                required
                {...form.getInputProps('auto_pause_after_minutes')}
              />
            )}
          </Stack>
        </FormSection>

        <FormSection icon={<IconWorld {...ICON} />} title={t('sections.storefront')} description={t('sections.storefront_hint')}>
          <Stack>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Switch label={t('fields.is_open')} description={t('fields.is_open_hint')} {...form.getInputProps('is_open', { type: 'checkbox' })} />
              <Badge color={form.values.is_open ? 'green' : 'red'} variant="light" size="lg" style={{ flexShrink: 0 }}>
                {form.values.is_open ? t('badge.open') : t('badge.closed')}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CurrencySelect
                {...currencyInput}
                // An older import's JPY shows as itself, with a note, instead of an empty field.
                kept={settings.currency}
                label={t('fields.currency')}
                description={t('fields.currency_hint')}
                required
                nothingFoundMessage={t('fields.currency_none')}
                comboboxProps={{ withinPortal: true }}
                onChange={(value) => {
                  currencyInput.onChange(value ?? '');
                  // A new currency brings its symbol; the owner may still shorten it below ("Fr.").
                  if (value) form.setFieldValue('currency_symbol', CURRENCY_SYMBOLS[value as TCurrency]);
                }}
              />
              <TextInput label={t('fields.currency_symbol')} description={t('fields.currency_symbol_hint')} required maxLength={4} {...form.getInputProps('currency_symbol')} />
              <BoundedNumberInput label={t('fields.discount')} description={t('fields.discount_hint')} min={0} max={100} allowDecimal={false} suffix={percent('')} {...form.getInputProps('discount')} />
              <TextInput
                label={t('fields.pickup_start_end_time')}
                description={t('fields.pickup_start_end_time_hint')}
                placeholder="11:30 - 22:00"
                maxLength={40}
                {...form.getInputProps('pickup_start_end_time')}
              />
              <Select
                label={t('fields.time_zone')}
                description={t('fields.time_zone_hint')}
                required
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('fields.time_zone_none')}
                data={zones}
                limit={100}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('time_zone')}
              />
            </SimpleGrid>
          </Stack>
        </FormSection>

        <FormSection icon={<IconShare {...ICON} />} title={t('sections.social')} description={t('sections.social_hint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Facebook" type="url" placeholder="https://facebook.com/…" leftSection={<IconBrandFacebook size={18} />} {...form.getInputProps('facebook_link')} />
            <TextInput label="Instagram" type="url" placeholder="https://instagram.com/…" leftSection={<IconBrandInstagram size={18} />} {...form.getInputProps('instagram_link')} />
            <TextInput label="X (Twitter)" type="url" placeholder="https://x.com/…" leftSection={<IconBrandX size={18} />} {...form.getInputProps('twitter_link')} />
            <TextInput label="LinkedIn" type="url" placeholder="https://linkedin.com/…" leftSection={<IconBrandLinkedin size={18} />} {...form.getInputProps('linkedin_link')} />
            <TextInput label="Google" type="url" placeholder="https://…" leftSection={<IconBrandGoogle size={18} />} {...form.getInputProps('google_plus_link')} />
          </SimpleGrid>
        </FormSection>

        <SaveBar dirty={form.isDirty()} saving={saving} onDiscard={() => form.reset()} saveLabel={t('save')} />
      </Stack>
    </form>
  );
}
