import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { useOrderingState, useResumeOrdering } from '../api/orders-api.ts';
import { timeOnly } from '../../../lib/format.ts';

/**
 * Shown while online ordering is paused because an order went unaccepted (issue #5 escalation). Managers resume
 * it here; a failed load shows nothing (the page itself still works).
 */
export function OrderingPausedBanner({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('orders');
  const state = useOrderingState();
  const resume = useResumeOrdering();
  const withNotification = useSaveNotification();
  const pausedAt = state.data?.auto_paused_at;
  if (!pausedAt || state.data?.is_open) return null;

  return (
    <Alert color="orange" variant="light" icon={<IconPlayerPause />} title={t('paused.title')} role="alert">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm" maw={640}>
          {t('paused.text', { time: timeOnly(pausedAt, state.data!.time_zone) })}
        </Text>
        {canManage ? (
          <Button color="orange" loading={resume.isPending} onClick={() => void withNotification(() => resume.mutateAsync(), { success: t('paused.resumed') }).catch(() => undefined)}>
            {t('paused.resume')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('paused.ask_manager')}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
