import { useEffect } from 'react';
import { Modal, SegmentedControl, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';
import { MAX_MONEY_CENTS, ZDeliveryZoneInput, type TDeliveryZone, type TDeliveryZoneInput, type TDeliveryZoneKind } from '@tavolo/contracts/ordering';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { fieldErrors, zodValidate, useForm, startFrom } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { orderingApi, useOrderingMutation } from '../api/ordering-api.ts';

interface Values {
  name: string;
  kind: TDeliveryZoneKind;
  postal_codes: string[];
  radius_km: number | string;
  fee: number | string;
  min_order: number | string;
  is_active: boolean;
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));
const cents = (v: number | string) => Math.round(num(v) * 100);

function toRequest(v: Values): TDeliveryZoneInput {
  return {
    name: v.name,
    kind: v.kind,
    postal_codes: v.kind === 'postal_codes' ? v.postal_codes : [],
    radius_meters: v.kind === 'radius' ? (v.radius_km === '' ? null : Math.round(num(v.radius_km) * 1000)) : null,
    fee_cents: cents(v.fee),
    min_order_cents: cents(v.min_order),
    is_active: v.is_active,
  };
}

/** Server and schema field names -> this form's fields. */
const FIELD: Record<string, string> = { radius_meters: 'radius_km', fee_cents: 'fee', min_order_cents: 'min_order' };
const mapErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [FIELD[k] ?? (k.startsWith('postal_codes') ? 'postal_codes' : k), m]));

/** Add a delivery zone (`zone` null) or change one. */
export function ZoneFormModal({ opened, zone, currency, hasLocation, onClose }: { opened: boolean; zone: TDeliveryZone | null; currency: string; hasLocation: boolean; onClose: () => void }) {
  const { t } = useTranslation('ordering');
  const notifySave = useSaveNotification();
  const save = useOrderingMutation((input: TDeliveryZoneInput) => (zone ? orderingApi.updateZone(zone.id, input) : orderingApi.createZone(input)));
  const validate = zodValidate(ZDeliveryZoneInput);
  const form = useForm<Values>({
    initialValues: { name: '', kind: 'postal_codes', postal_codes: [], radius_km: '', fee: 0, min_order: 0, is_active: true },
    validate: (v) => mapErrors(validate(toRequest(v))),
  });
  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);

  useEffect(() => {
    if (!opened) return;
    startFrom(form, {
      name: zone?.name ?? '',
      kind: zone?.kind ?? 'postal_codes',
      postal_codes: zone?.postal_codes ?? [],
      radius_km: zone?.radius_meters ? zone.radius_meters / 1000 : '',
      fee: (zone?.fee_cents ?? 0) / 100,
      min_order: (zone?.min_order_cents ?? 0) / 100,
      is_active: zone?.is_active ?? true,
    });
    // Reset only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, zone?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync(toRequest(values)));
      onClose();
    } catch (error) {
      form.setErrors(mapErrors(fieldErrors(error)));
    }
  });

  const money = { min: 0, max: MAX_MONEY_CENTS / 100, decimalScale: 2, fixedDecimalScale: true, step: 0.5, inputMode: 'decimal' as const, decimalSeparator: t('decimal_separator'), thousandSeparator: false, currency };

  return (
    <Modal opened={opened} onClose={guardedClose} title={zone ? t('zones.edit_title', { name: zone.name }) : t('zones.add_title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('zones.name')} placeholder={t('zones.name_placeholder')} required data-autofocus maxLength={80} {...form.getInputProps('name')} />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('zones.kind')}
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'postal_codes', label: t('zones.kind_postal_codes') },
                { value: 'radius', label: t('zones.kind_radius') },
              ]}
              {...form.getInputProps('kind')}
            />
          </div>
          {form.values.kind === 'postal_codes' ? (
            <TagsInput
              label={t('zones.postal_codes')}
              description={t('zones.postal_codes_hint')}
              placeholder={t('zones.postal_codes_placeholder')}
              splitChars={[',', ' ', ';']}
              clearable
              {...form.getInputProps('postal_codes')}
            />
          ) : (
            <BoundedNumberInput
              label={t('zones.radius')}
              description={hasLocation ? t('zones.radius_hint') : t('zones.radius_needs_location')}
              min={0.1}
              max={100}
              decimalScale={1}
              step={0.5}
              suffix=" km"
              decimalSeparator={t('decimal_separator')}
              {...form.getInputProps('radius_km')}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <BoundedNumberInput label={t('zones.fee')} {...money} {...form.getInputProps('fee')} />
            <BoundedNumberInput label={t('zones.min_order')} {...money} {...form.getInputProps('min_order')} />
          </SimpleGrid>
          <Switch label={t('zones.active')} description={t('zones.active_hint')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
