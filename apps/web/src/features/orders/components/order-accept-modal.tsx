import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import i18n, { useTranslation } from '../../../app/i18n.ts';
import { READY_IN_MAX, READY_IN_MIN, READY_IN_QUICK_PICKS, ZOrderStatusChange } from '@tavolo/contracts/orders';
import { useReadyLabel, useWantedLabel } from '../../../components/ui/order-totals.tsx';
import { zodValidate, useForm } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';

interface Props {
  opened: boolean;
  number: number;
  /** The restaurant's time zone: "ready at" is read on its clock. */
  timeZone: string;
  /** When the guest wants the order, if at a set time: accepting promises that time, so there is nothing to choose. */
  wanted: string | null;
  /** The kitchen's usual preparation time, offered first (the guest was told about that much when ordering). */
  suggested?: number;
  saving: boolean;
  onClose: () => void;
  onConfirm: (readyInMinutes: number | undefined) => Promise<boolean>;
}

const validate = zodValidate(ZOrderStatusChange);

/**
 * "Ready at 14:25" on the restaurant's clock ("Ready on Sat, 28 Nov at 00:15" past its midnight), following the clock
 * while the dialog stays open.
 */
function ReadyAt({ minutes, timeZone }: { minutes: number; timeZone: string }) {
  const ready = useReadyLabel();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return <>{ready(new Date(now + minutes * 60_000).toISOString(), timeZone)}</>;
}

/**
 * Accepting promises the guest a time (same rule as the server): for an order wanted as soon as possible a quick
 * pick or any 5–240 minutes; for one wanted at a set time, that time.
 */
export function OrderAcceptModal({ opened, number, timeZone, wanted, suggested, saving, onClose, onConfirm }: Props) {
  const { t } = useTranslation('orders');
  const wantedLabel = useWantedLabel();
  const form = useForm<{ ready_in_minutes: number | string }>({
    initialValues: { ready_in_minutes: '' },
    validate: (values) => {
      if (wanted) return {};
      if (values.ready_in_minutes === '') return { ready_in_minutes: i18n.t('shared:orders.validation.ready_in_required') };
      return validate({ status: 'accepted', ready_in_minutes: Number(values.ready_in_minutes) });
    },
  });

  useEffect(() => {
    if (opened) form.setValues({ ready_in_minutes: suggested ?? '' });
    // Start from the suggestion each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const minutes = form.values.ready_in_minutes === '' ? null : Number(form.values.ready_in_minutes);
  const valid = minutes !== null && Number.isInteger(minutes) && minutes >= READY_IN_MIN && minutes <= READY_IN_MAX;

  return (
    <Modal opened={opened} onClose={onClose} title={t('accept_modal.title', { number })} centered zIndex={400}>
      <form
        onSubmit={form.onSubmit(async (values) => {
          if (await onConfirm(wanted ? undefined : Number(values.ready_in_minutes))) onClose();
        })}
        noValidate
      >
        <Stack gap="md">
          {wanted ? (
            <Text size="sm">{t('accept_modal.wanted', { when: wantedLabel(wanted, timeZone) })}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('accept_modal.text')}
              </Text>
              <Group gap="xs" role="group" aria-label={t('accept_modal.quick_picks')}>
                {READY_IN_QUICK_PICKS.map((pick) => (
                  <Button
                    key={pick}
                    size="sm"
                    variant={minutes === pick ? 'filled' : 'default'}
                    aria-pressed={minutes === pick}
                    onClick={() => form.setFieldValue('ready_in_minutes', pick)}
                  >
                    {t('accept_modal.minutes', { count: pick })}
                  </Button>
                ))}
              </Group>
              <BoundedNumberInput
                label={t('accept_modal.label')}
                description={t('accept_modal.hint', { min: READY_IN_MIN, max: READY_IN_MAX })}
                min={READY_IN_MIN}
                max={READY_IN_MAX}
                allowDecimal={false}
                required
                data-autofocus
                {...form.getInputProps('ready_in_minutes')}
              />
              <Text size="sm" fw={600} aria-live="polite" mih={22}>
                {valid ? <ReadyAt minutes={minutes} timeZone={timeZone} /> : ''}
              </Text>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('reason_modal.back')}
            </Button>
            <Button type="submit" loading={saving} data-autofocus={wanted ? true : undefined}>
              {t('accept_modal.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
