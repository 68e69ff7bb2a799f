import { useSyncExternalStore } from 'react';
import { Paper, Text } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { useTranslation } from '../../app/i18n.ts';

const isOnline = () => onlineManager.isOnline();
// One function for every render: a new one would make React subscribe again each time.
const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

/**
 * While the device has no connection, queries and saves wait (the query client pauses them) and their spinners
 * turn forever; this says why, and that they go on by themselves once the connection is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      style={{ position: 'fixed', insetInline: 12, top: 12, zIndex: 1000, maxWidth: 480, marginInline: 'auto' }}
    >
      <Text size="sm" fw={600}>
        {t('offline.title')}
      </Text>
      <Text size="sm">{t('offline.text')}</Text>
    </Paper>
  );
}
