import { useEffect } from 'react';
import { Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';
import { ZTaxRateInput, type TTaxRate, type TTaxRateInput } from '@tavolo/contracts/ordering';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { serverErrors, zodValidate, useForm, startFrom } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useSaveTaxRate } from '../api/taxes-api.ts';

/** The form holds the rate in percent with up to three decimals (8.875); the contract wants thousandths of a percent (8875). */
interface RateFormValues {
  name: string;
  rate_millipercent: number | string;
  is_default: boolean;
}

/** Percent to thousandths of a percent without float drift: 8.875 -> 8875, 7.1 -> 7100 (not 7099.999...). */
export const toMillipercent = (percent: number | string): number | undefined =>
  percent === '' || percent === null || Number.isNaN(Number(percent)) ? undefined : Math.round(Number(percent) * 1000);

const toInput = (v: RateFormValues): TTaxRateInput => ({ name: v.name, rate_millipercent: toMillipercent(v.rate_millipercent) as number, is_default: v.is_default });

/** Add a tax rate (`rate` null) or change one. The first rate is always the default. */
export function TaxRateModal({ opened, rate, isFirst, onClose }: { opened: boolean; rate: TTaxRate | null; isFirst: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('taxes');
  const notifySave = useSaveNotification();
  const save = useSaveTaxRate();
  const validate = zodValidate(ZTaxRateInput);
  const form = useForm<RateFormValues>({ initialValues: { name: '', rate_millipercent: '', is_default: false }, validate: (values) => validate(toInput(values)) });
  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);

  useEffect(() => {
    if (!opened) return;
    startFrom(form, { name: rate?.name ?? '', rate_millipercent: rate ? rate.rate_millipercent / 1000 : '', is_default: rate?.is_default ?? isFirst });
    // Reset only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rate?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync({ id: rate?.id ?? null, input: toInput(values) }));
      onClose();
    } catch (error) {
      serverErrors(form, error);
    }
  });

  // The default stays the default until another rate takes it over; the first rate has to be it.
  const locked = Boolean(rate?.is_default) || (!rate && isFirst);

  return (
    <Modal opened={opened} onClose={guardedClose} title={rate ? t('form.edit_title', { name: rate.name }) : t('form.add_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('form.name')} placeholder={t('form.name_placeholder')} required data-autofocus maxLength={60} {...form.getInputProps('name')} />
          <BoundedNumberInput
            label={t('form.rate')}
            description={t('form.rate_hint')}
            required
            min={0}
            max={100}
            decimalScale={3}
            decimalSeparator={i18n.language === 'de' ? ',' : '.'}
            rightSection={<Text size="sm">%</Text>}
            {...form.getInputProps('rate_millipercent')}
          />
          <Switch
            label={t('form.default')}
            description={locked ? (rate?.is_default ? t('form.default_locked') : t('form.default_first')) : t('form.default_hint')}
            disabled={locked}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
            error={form.errors.is_default}
          />
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
