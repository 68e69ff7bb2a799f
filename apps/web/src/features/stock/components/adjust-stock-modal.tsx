import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { number } from '../../../lib/format.ts';
import { MAX_STOCK_DELTA, STOCK_ADJUSTMENT_REASONS, ZStockAdjustment, type TStockAdjustmentReason, type TStockLevel } from '@tavolo/contracts/stock';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useAdjustStock } from '../api/stock-api.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';

interface Values {
  delta: number | string;
  reason: TStockAdjustmentReason;
  note: string;
}

const INITIAL: Values = { delta: '', reason: 'restock', note: '' };

/** Adds to or takes from a tracked product's stock; the server refuses to go below 0. */
export function AdjustStockModal({ level, onClose }: { level: TStockLevel | null; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const adjust = useAdjustStock();
  const withNotification = useSaveNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: INITIAL, validate: zodValidate(ZStockAdjustment) });

  useEffect(() => {
    if (!level) return;
    form.setValues(INITIAL);
    form.clearErrors();
    // Reset only when the modal opens for a product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [level?.product_id]);

  const delta = typeof form.values.delta === 'number' ? form.values.delta : Number.NaN;
  const after = level && Number.isInteger(delta) ? level.stock_quantity + delta : null;

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    if (!level) return;
    setFailure(null);
    try {
      await withNotification(() => adjust.mutateAsync({ productId: level.product_id, input: { delta: Number(values.delta), reason: values.reason, note: values.note } }));
      close();
    } catch (error) {
      setFailure(serverErrors(form, error));
    }
  });

  return (
    <Modal opened={level !== null} onClose={close} title={t('adjust.title', { name: level?.name ?? '' })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Text size="sm">
            {t('adjust.current')}: <b>{level && number(level.stock_quantity)}</b>
          </Text>
          <BoundedNumberInput
            label={t('adjust.delta')}
            description={t('adjust.delta_hint')}
            required
            data-autofocus
            allowDecimal={false}
            min={-MAX_STOCK_DELTA}
            max={MAX_STOCK_DELTA}
            inputMode="numeric"
            {...form.getInputProps('delta')}
          />
          {after !== null && delta !== 0 && (
            <Text size="sm" c={after < 0 ? 'red' : 'dimmed'} aria-live="polite">
              {t('adjust.after', { count: after })}
            </Text>
          )}
          <Select
            label={t('adjust.reason')}
            required
            allowDeselect={false}
            data={STOCK_ADJUSTMENT_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
            {...form.getInputProps('reason')}
          />
          <Textarea label={t('adjust.note')} autosize minRows={2} maxRows={4} maxLength={200} {...form.getInputProps('note')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {t('adjust.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
