import { useEffect, useState } from 'react';
import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconClockPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PAUSE_CHOICES } from '@tavolo/contracts/ordering';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { useOrderingPause, useSetOrderingPause } from '../api/pause-api.ts';
import { timeOnly } from '../../../lib/format.ts';

/** The pause is over once its time has passed, without waiting for the next refetch. */
function useActivePause() {
  const pause = useOrderingPause();
  const until = pause.data?.paused_until ?? null;
  const [over, setOver] = useState<string | null>(null);
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setOver(until), Math.min(Math.max(new Date(until).getTime() - Date.now(), 0) + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  return until && over !== until ? { until, timeZone: pause.data!.time_zone } : null;
}

/** "Busy? Pause online orders" with 15/30/60/120 minutes (orders.manage). */
export function PauseOrdersMenu() {
  const { t } = useTranslation('ordering');
  const set = useSetOrderingPause();
  const withNotification = useSaveNotification();
  const active = useActivePause();
  const label = (m: number) => (m < 60 ? t('pause.minutes', { count: m }) : t('pause.hours', { count: m / 60 }));

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" color="orange" leftSection={<IconClockPause size={16} />} rightSection={<IconChevronDown size={14} />} loading={set.isPending}>
          {active ? t('pause.paused_until', { time: timeOnly(active.until, active.timeZone) }) : t('pause.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('pause.menu_label')}</Menu.Label>
        {PAUSE_CHOICES.map((m) => (
          <Menu.Item key={m} onClick={() => void withNotification(() => set.mutateAsync({ minutes: m }), { success: t('pause.banner_title') }).catch(() => undefined)}>
            {label(m)}
          </Menu.Item>
        ))}
        {active && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => void withNotification(() => set.mutateAsync({ minutes: null }), { success: t('pause.resumed') }).catch(() => undefined)}>
              {t('pause.resume')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Online orders paused until 19:30 — Resume now" while a busy pause runs. */
export function BusyPauseBanner({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('ordering');
  const set = useSetOrderingPause();
  const withNotification = useSaveNotification();
  const active = useActivePause();
  if (!active) return null;

  return (
    <Alert color="orange" variant="light" icon={<IconClockPause />} title={t('pause.banner_title')} role="status">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm" maw={640}>
          {t('pause.banner_text', { time: timeOnly(active.until, active.timeZone) })}
        </Text>
        {canManage ? (
          <Button color="orange" leftSection={<IconPlayerPlay size={16} />} loading={set.isPending} onClick={() => void withNotification(() => set.mutateAsync({ minutes: null }), { success: t('pause.resumed') }).catch(() => undefined)}>
            {t('pause.resume')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('pause.ask_manager')}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
