import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface Props {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /** The save is on its way: the submit button spins, cancel waits. */
  pending: boolean;
  /** A refusal that belongs to no single field, shown above the buttons. */
  error?: string | null;
}

/** The foot of a form in a modal, drawer or panel: an optional refusal, then Cancel and the submit button. */
export function FormActions({ cancelLabel, submitLabel, onCancel, pending, error }: Props) {
  return (
    <>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt={error ? undefined : 'xs'}>
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
