import { useEffect } from 'react';
import { ActionIcon, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconWand } from '@tabler/icons-react';
import 'dayjs/locale/de';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_MONEY_CENTS, ZCouponInput, type TCoupon, type TCouponInput, type TCouponKind } from '@tavolo/contracts/ordering';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { weekdayDate } from '../../../lib/format.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useSaveCoupon } from '../api/coupons-api.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';

/**
 * The form keeps the contract's field names (so the server's field errors land on the right input) but holds
 * money as a decimal amount and the limits with an "unlimited" box beside them.
 */
interface CouponFormValues {
  code: string;
  kind: TCouponKind;
  value: number | string;
  min_order_cents: number | string;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | string;
  unlimited_uses: boolean;
  max_uses_per_customer: number | string;
  unlimited_per_customer: boolean;
  is_active: boolean;
}

// No 0/O or 1/I/L: codes get read out over the phone and typed from flyers.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateCode(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const valuesOf = (coupon: TCoupon | null): CouponFormValues => ({
  code: coupon?.code ?? '',
  kind: coupon?.kind ?? 'percent',
  value: coupon ? (coupon.kind === 'fixed' ? coupon.value / 100 : coupon.value) : '',
  min_order_cents: coupon ? coupon.min_order_cents / 100 : 0,
  valid_from: coupon?.valid_from ?? null,
  valid_until: coupon?.valid_until ?? null,
  max_uses: coupon?.max_uses ?? '',
  unlimited_uses: coupon ? coupon.max_uses === null : true,
  max_uses_per_customer: coupon?.max_uses_per_customer ?? 1,
  unlimited_per_customer: coupon ? coupon.max_uses_per_customer === null : true,
  is_active: coupon?.is_active ?? true,
});

const num = (value: number | string): number | undefined => (value === '' || value === null || Number.isNaN(Number(value)) ? undefined : Number(value));
const cents = (value: number | string): number | undefined => {
  const amount = num(value);
  return amount === undefined ? undefined : Math.round(amount * 100);
};

/** What is sent: percent as a whole number, amounts in cents, "unlimited" as null. */
export const toInput = (v: CouponFormValues) =>
  ({
    code: v.code,
    kind: v.kind,
    value: v.kind === 'fixed' ? cents(v.value) : num(v.value),
    min_order_cents: cents(v.min_order_cents) ?? 0,
    valid_from: v.valid_from || null,
    valid_until: v.valid_until || null,
    max_uses: v.unlimited_uses ? null : num(v.max_uses),
    max_uses_per_customer: v.unlimited_per_customer ? null : num(v.max_uses_per_customer),
    is_active: v.is_active,
  }) as TCouponInput;

/** Create a coupon (`coupon` null) or change one. */
export function CouponFormModal({ opened, coupon, currency, onClose }: { opened: boolean; coupon: TCoupon | null; currency: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('coupons');
  const phone = useMediaQuery('(max-width: 36em)');
  const notifySave = useSaveNotification();
  const save = useSaveCoupon();
  const validate = zodValidate(ZCouponInput);
  const form = useForm<CouponFormValues>({ initialValues: valuesOf(null), validate: (values) => validate(toInput(values)) });

  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(coupon));
    form.resetDirty(valuesOf(coupon));
    form.clearErrors();
    // Reset only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, coupon?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync({ id: coupon?.id ?? null, input: toInput(values) }));
      onClose();
    } catch (error) {
      serverErrors(form, error);
    }
  });

  const fixed = form.values.kind === 'fixed';
  const decimalSeparator = i18n.language === 'de' ? ',' : '.';
  const dateProps = {
    locale: i18n.language,
    valueFormat: t('form.date_format'),
    firstDayOfWeek: 1 as const,
    getDayAriaLabel: weekdayDate,
    clearable: true,
    leftSection: <IconCalendar size={16} />,
    popoverProps: { withinPortal: true, zIndex: 400 },
  };

  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);
  return (
    <Modal opened={opened} onClose={guardedClose} title={coupon ? t('form.edit_title', { code: coupon.code }) : t('form.add_title')} centered size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('form.code')}
            description={t('form.code_hint')}
            required
            data-autofocus
            maxLength={32}
            styles={{ input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' } }}
            rightSection={
              <Tooltip label={t('form.generate')}>
                <ActionIcon variant="subtle" aria-label={t('form.generate')} onClick={() => form.setFieldValue('code', generateCode())}>
                  <IconWand size={18} />
                </ActionIcon>
              </Tooltip>
            }
            {...form.getInputProps('code')}
          />

          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.kind')}
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'percent', label: t('form.kind_percent') },
                { value: 'fixed', label: t('form.kind_fixed') },
              ]}
              value={form.values.kind}
              onChange={(value) => {
                form.setFieldValue('kind', value as TCouponKind);
                form.clearFieldError('value');
              }}
            />
          </Stack>

          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <BoundedNumberInput
              label={fixed ? t('form.amount') : t('form.percent')}
              required
              min={fixed ? 0.01 : 1}
              max={fixed ? MAX_MONEY_CENTS / 100 : 100}
              decimalScale={fixed ? 2 : 0}
              decimalSeparator={decimalSeparator}
              fixedDecimalScale={fixed}
              allowDecimal={fixed}
              currency={fixed ? currency : undefined}
              rightSection={fixed ? undefined : <Text size="sm">%</Text>}
              {...form.getInputProps('value')}
            />
            <BoundedNumberInput
              label={t('form.min_order')}
              description={t('form.min_order_hint')}
              min={0}
              max={MAX_MONEY_CENTS / 100}
              decimalScale={2}
              decimalSeparator={decimalSeparator}
              fixedDecimalScale
              currency={currency}
              {...form.getInputProps('min_order_cents')}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DatePickerInput
              {...dateProps}
              label={t('form.valid_from')}
              placeholder={t('form.no_start')}
              maxDate={form.values.valid_until ?? undefined}
              value={form.values.valid_from}
              onChange={(value) => form.setFieldValue('valid_from', value)}
              error={form.errors.valid_from}
            />
            <DatePickerInput
              {...dateProps}
              label={t('form.valid_until')}
              placeholder={t('form.no_end')}
              minDate={form.values.valid_from ?? undefined}
              value={form.values.valid_until}
              onChange={(value) => form.setFieldValue('valid_until', value)}
              error={form.errors.valid_until}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Stack gap={6}>
              <BoundedNumberInput
                label={t('form.max_uses')}
                description={t('form.max_uses_hint')}
                min={1}
                max={1_000_000}
                allowDecimal={false}
                disabled={form.values.unlimited_uses}
                placeholder={form.values.unlimited_uses ? t('unlimited') : undefined}
                {...form.getInputProps('max_uses')}
                // Unlimited shows the word, not a greyed number that reads as the limit (the number comes back on unticking).
                value={form.values.unlimited_uses ? '' : form.values.max_uses}
              />
              <Checkbox label={t('unlimited')} {...form.getInputProps('unlimited_uses', { type: 'checkbox' })} />
            </Stack>
            <Stack gap={6}>
              <BoundedNumberInput
                label={t('form.per_customer')}
                description={t('form.per_customer_hint')}
                min={1}
                max={1000}
                allowDecimal={false}
                disabled={form.values.unlimited_per_customer}
                placeholder={form.values.unlimited_per_customer ? t('unlimited') : undefined}
                {...form.getInputProps('max_uses_per_customer')}
                value={form.values.unlimited_per_customer ? '' : form.values.max_uses_per_customer}
              />
              <Checkbox label={t('unlimited')} {...form.getInputProps('unlimited_per_customer', { type: 'checkbox' })} />
            </Stack>
          </SimpleGrid>

          <Group>
            <Switch label={t('form.active')} description={t('form.active_hint')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          </Group>

          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
