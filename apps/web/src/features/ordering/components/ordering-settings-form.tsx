import { useEffect, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { MAX_DAYS_AHEAD, MAX_TIP_PRESETS, ORDER_SLOT_INTERVALS, ZOrderingSettings, type TOrderingSettings, type TOrderingSettingsInput } from '@tavolo/contracts/ordering';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { percent } from '../../../lib/format.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { orderingApi, useOrderingMutation } from '../api/ordering-api.ts';

interface Values {
  asap_enabled: boolean;
  scheduled_enabled: boolean;
  lead_time_minutes: number | string;
  slot_interval_minutes: string;
  days_ahead: number | string;
  limit_slots: boolean;
  max_orders_per_slot: number | string;
  tips_enabled: boolean;
  tip_presets: string[];
  location: { latitude: number | string; longitude: number | string };
}

const num = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

function toValues(s: TOrderingSettings): Values {
  return {
    asap_enabled: s.asap_enabled,
    scheduled_enabled: s.scheduled_enabled,
    lead_time_minutes: s.lead_time_minutes,
    slot_interval_minutes: String(s.slot_interval_minutes),
    days_ahead: s.days_ahead,
    limit_slots: s.max_orders_per_slot !== null,
    max_orders_per_slot: s.max_orders_per_slot ?? 5,
    tips_enabled: s.tips_enabled,
    tip_presets: s.tip_presets.map(String),
    location: { latitude: s.location?.latitude ?? '', longitude: s.location?.longitude ?? '' },
  };
}

function toRequest(v: Values): TOrderingSettingsInput {
  const blank = v.location.latitude === '' && v.location.longitude === '';
  return {
    asap_enabled: v.asap_enabled,
    scheduled_enabled: v.scheduled_enabled,
    lead_time_minutes: num(v.lead_time_minutes),
    slot_interval_minutes: Number(v.slot_interval_minutes),
    days_ahead: num(v.days_ahead),
    max_orders_per_slot: v.limit_slots ? num(v.max_orders_per_slot) : null,
    tips_enabled: v.tips_enabled,
    tip_presets: v.tip_presets.map((p) => Number(p.replace('%', '').trim())),
    location: blank ? null : { latitude: num(v.location.latitude), longitude: num(v.location.longitude) },
  };
}

function Card({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Timing (ASAP / for later, preparation time, slots, days ahead, throttling), tips and the restaurant's location: one save. */
export function OrderingSettingsForm({ settings }: { settings: TOrderingSettings }) {
  const { t } = useTranslation('ordering');
  const notifySave = useSaveNotification();
  const save = useOrderingMutation(orderingApi.saveSettings);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const validate = zodValidate(ZOrderingSettings);
  const form = useForm<Values>({ initialValues: toValues(settings), validate: (v) => validate(toRequest(v)) });
  useLeaveGuard(form.isDirty());

  useEffect(() => {
    // Discard goes back to what is saved now, not to what was there when the page opened.
    form.setInitialValues(toValues(settings));
    form.setValues(toValues(settings));
    form.resetDirty(toValues(settings));
    // Only when the server's copy changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync(toRequest(values)));
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });

  const locate = () => {
    if (!('geolocation' in navigator)) return setLocateError(t('location.unsupported'));
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        form.setFieldValue('location', { latitude: Number(pos.coords.latitude.toFixed(6)), longitude: Number(pos.coords.longitude.toFixed(6)) });
      },
      () => {
        setLocating(false);
        setLocateError(t('location.denied'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const v = form.values;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card title={t('timing.title')} hint={t('timing.hint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Switch label={t('timing.asap')} description={t('timing.asap_hint')} {...form.getInputProps('asap_enabled', { type: 'checkbox' })} />
            <Switch label={t('timing.scheduled')} description={t('timing.scheduled_hint')} {...form.getInputProps('scheduled_enabled', { type: 'checkbox' })} />
            <BoundedNumberInput label={t('timing.lead_time')} description={t('timing.lead_time_hint')} min={0} max={24 * 60} allowDecimal={false} suffix={` ${t('minutes_short')}`} {...form.getInputProps('lead_time_minutes')} />
            <Select
              label={t('timing.slot_interval')}
              description={t('timing.slot_interval_hint')}
              data={ORDER_SLOT_INTERVALS.map((n) => ({ value: String(n), label: t('timing.every_minutes', { count: n }) }))}
              allowDeselect={false}
              {...form.getInputProps('slot_interval_minutes')}
            />
            <BoundedNumberInput label={t('timing.days_ahead')} description={t('timing.days_ahead_hint')} min={0} max={MAX_DAYS_AHEAD} allowDecimal={false} disabled={!v.scheduled_enabled} {...form.getInputProps('days_ahead')} />
            <Stack gap={6}>
              <Switch label={t('timing.limit_slots')} description={t('timing.limit_slots_hint')} {...form.getInputProps('limit_slots', { type: 'checkbox' })} />
              {v.limit_slots ? (
                <BoundedNumberInput aria-label={t('timing.max_orders')} label={t('timing.max_orders')} min={1} max={1000} allowDecimal={false} {...form.getInputProps('max_orders_per_slot')} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('timing.no_limit')}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
        </Card>

        <Card title={t('tips.title')} hint={t('tips.hint')}>
          <Switch label={t('tips.enabled')} {...form.getInputProps('tips_enabled', { type: 'checkbox' })} />
          <TagsInput
            label={t('tips.presets')}
            description={t('tips.presets_hint', { max: MAX_TIP_PRESETS })}
            maxTags={MAX_TIP_PRESETS}
            disabled={!v.tips_enabled}
            data={['5', '10', '12', '15', '18', '20', '25']}
            {...form.getInputProps('tip_presets')}
            value={v.tip_presets}
            onChange={(values) => form.setFieldValue('tip_presets', values.map((x) => x.replace(/[^\d]/g, '')).filter(Boolean))}
            renderOption={({ option }) => percent(option.value)}
            maw={420}
          />
        </Card>

        <Card title={t('location.title')} hint={t('location.hint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <BoundedNumberInput label={t('location.latitude')} min={-90} max={90} decimalScale={6} step={0.001} {...form.getInputProps('location.latitude')} />
            <BoundedNumberInput label={t('location.longitude')} min={-180} max={180} decimalScale={6} step={0.001} {...form.getInputProps('location.longitude')} />
          </SimpleGrid>
          {form.errors.location && (
            <Text size="sm" c="red" role="alert">
              {form.errors.location}
            </Text>
          )}
          <Group gap="sm" wrap="wrap">
            <Button variant="light" leftSection={<IconCurrentLocation size={16} />} loading={locating} onClick={locate}>
              {t('location.use_mine')}
            </Button>
            {(v.location.latitude !== '' || v.location.longitude !== '') && (
              <Button variant="subtle" color="gray" onClick={() => form.setFieldValue('location', { latitude: '', longitude: '' })}>
                {t('location.clear')}
              </Button>
            )}
          </Group>
          {locateError && (
            <Text size="sm" c="red" role="alert">
              {locateError}
            </Text>
          )}
        </Card>

        <SaveBar dirty={form.isDirty()} saving={save.isPending} onDiscard={() => form.reset()} saveLabel={t('save_rules')} />
      </Stack>
    </form>
  );
}
