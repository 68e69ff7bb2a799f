import { useEffect, useMemo } from 'react';
import { useOneAtATime } from '../../lib/one-at-a-time.ts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { z } from '@tavolo/contracts/zod';
import { zText } from '@tavolo/contracts/validation';
import { zodValidate, useForm } from '../../lib/forms.ts';

/** Same rule as the server's status changes that need a reason: required, at most 300 characters unless told. */
const reasonSchema = (min: number, max: number) => z.object({ reason: min <= 1 ? zText(max) : z.string().trim().min(min).max(max) });

export interface ReasonModalLabels {
  title: string;
  text: string;
  label: string;
  placeholder: string;
  back: string;
  confirm: string;
}

interface Props {
  opened: boolean;
  /** Already translated by the caller, for the action being confirmed. */
  labels: ReasonModalLabels;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when the change went through, which closes the modal. */
  onConfirm: (reason: string) => Promise<boolean>;
  /** The server's length rule for this reason (default 1 to 300 characters). */
  minLength?: number;
  maxLength?: number;
}

/** Asks for the reason the guest will read before a declining or cancelling step. */
export function ReasonModal({ opened, labels, saving, onClose, onConfirm, minLength = 1, maxLength = 300 }: Props) {
  const schema = useMemo(() => reasonSchema(minLength, maxLength), [minLength, maxLength]);
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(schema) });
  // One confirmation at a time, whatever the caller does (the platform's Suspend had no guard of its own).
  const confirm = useOneAtATime(async ({ reason }: { reason: string }) => {
    if (await onConfirm(reason.trim())) onClose();
  }, undefined);

  useEffect(() => {
    if (opened) form.setValues({ reason: '' });
    form.clearErrors();
    // Reset only when another action opens the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={labels.title} centered zIndex={400}>
      <form
        onSubmit={form.onSubmit((values) => void confirm(values))}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {labels.text}
          </Text>
          <Textarea label={labels.label} placeholder={labels.placeholder} required autosize minRows={3} maxLength={maxLength} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {labels.back}
            </Button>
            <Button type="submit" color="red" loading={saving}>
              {labels.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
