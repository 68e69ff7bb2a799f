import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';

export interface TResult {
  ok: boolean;
  title: string;
  message: string;
  /** What was sent, read back (the booking's day, time and party): the form is empty by then. */
  summary?: string;
}

/** The popup after a form was sent: success ('Reservation Submitted!') or failure ('Oops...'), with the server's message. */
export function ResultModal({ result, onClose }: { result: TResult | null; onClose: () => void }) {
  const { t } = useTranslation('requests');
  return (
    <Modal opened={result !== null} onClose={onClose} centered withCloseButton={false} size="sm" zIndex={400} aria-labelledby="request-result-title">
      {result && (
        <Stack align="center" ta="center" gap="sm" py="sm">
          <ThemeIcon size={64} radius={64} variant="light" color={result.ok ? 'green' : 'red'} aria-hidden>
            {result.ok ? <IconCircleCheck size={40} /> : <IconAlertTriangle size={40} />}
          </ThemeIcon>
          <Text id="request-result-title" fw={700} fz="xl" role="heading" aria-level={2}>
            {result.title}
          </Text>
          {result.summary && <Text fw={600}>{result.summary}</Text>}
          <Text c="dimmed">{result.message}</Text>
          <Group justify="center" mt="xs">
            <Button onClick={onClose} data-autofocus>
              {t('common.ok')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
