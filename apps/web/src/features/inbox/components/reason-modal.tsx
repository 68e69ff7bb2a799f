import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZReservationStatusChange } from '@tavolo/contracts/inbox';
import { zodValidate } from '../../../lib/forms.ts';

interface Props {
  /** The status being confirmed (declined / cancelled); null closes the modal. */
  status: string | null;
  name: string;
  saving: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<boolean>;
}

/** Declining or cancelling a reservation needs a reason the guest will read (same rule as the server). */
export function ReasonModal({ status, name, saving, onClose, onConfirm }: Props) {
  const { t } = useTranslation('inbox');
  const form = useForm({ initialValues: { status: status ?? 'declined', reason: '' }, validate: zodValidate(ZReservationStatusChange) });

  useEffect(() => {
    if (status) form.setValues({ status, reason: '' });
    form.clearErrors();
    // Reset only when another action opens the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const key = status ?? 'declined';
  return (
    <Modal opened={Boolean(status)} onClose={onClose} title={t(`reason_modal.${key}_title`, { name })} centered zIndex={400}>
      <form
        onSubmit={form.onSubmit(async ({ reason }) => {
          if (await onConfirm(reason.trim())) onClose();
        })}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('reason_modal.text')}
          </Text>
          <Textarea label={t('reason_modal.label')} placeholder={t('reason_modal.placeholder')} required autosize minRows={3} maxLength={300} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('reason_modal.back')}
            </Button>
            <Button type="submit" color="red" loading={saving}>
              {t(`reason_modal.${key}_confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
