import { ActionIcon, Box, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Switch, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell, IconBellCheck, IconChecks } from '@tabler/icons-react';
import type { TNotification } from '@tavolo/contracts/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { useNavigate } from 'react-router';
import { relativeTime } from '../../../lib/format.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications-api.ts';
import type { LiveDashboard } from '../hooks/use-live-dashboard.ts';

/**
 * The header bell (SPEC §2.3): unread badge, and a dropdown with the newest notifications, mark all read and the
 * sound switch. A notification opens its page (an order opens that order) and is marked read. Full width on phones.
 */
export function NotificationBell({ live }: { live: LiveDashboard }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const list = live.notifications.data?.data ?? [];
  const unread = live.notifications.data?.unread_count ?? 0;

  const open = (n: TNotification) => {
    if (!n.is_read) markRead.mutate(n.id);
    close();
    if (n.link) void navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" shadow="lg" radius="md" width={phone ? 'calc(100vw - 16px)' : 380} offset={10} withinPortal trapFocus={false} withRoles={false}>
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={6} disabled={unread === 0} zIndex={2}>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" onClick={toggle} aria-label={unread > 0 ? t('bell_unread', { count: unread }) : t('bell')} aria-expanded={opened} aria-haspopup="dialog">
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('title')}>
        {/* Wraps on a narrow phone rather than cutting the button's label. */}
        <Group justify="space-between" px="md" py="sm" gap="xs">
          <Group gap={8} wrap="nowrap">
            <Text fw={700}>{t('title')}</Text>
            <Box
              w={8}
              h={8}
              style={{ borderRadius: '50%', background: live.connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-4)' }}
              title={live.connected ? t('live') : t('offline')}
              aria-label={live.connected ? t('live') : t('offline')}
              role="img"
            />
          </Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconChecks size={16} />} disabled={unread === 0} onClick={() => markAll.mutate()}>
            {t('mark_all_read')}
          </Button>
        </Group>
        <Divider />
        {list.length === 0 ? (
          <Stack align="center" gap={6} px="md" py="xl">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconBellCheck size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('empty_title')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('empty_text')}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={phone ? '60vh' : 420} type="auto">
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    onClick={() => open(n)}
                    w="100%"
                    px="md"
                    py="sm"
                    data-unread={!n.is_read || undefined}
                    style={{ display: 'block', background: n.is_read ? undefined : 'var(--mantine-color-orange-0)', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Box mt={7} w={8} h={8} style={{ flex: 'none', borderRadius: '50%', background: n.is_read ? 'transparent' : 'var(--mantine-color-orange-6)' }} aria-hidden />
                      <Box miw={0} style={{ flex: 1 }}>
                        <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                          <Text size="sm" fw={n.is_read ? 500 : 700} lineClamp={2}>
                            {n.title}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ flex: 'none' }} component="time" dateTime={n.created_at}>
                            {relativeTime(n.created_at)}
                          </Text>
                        </Group>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {n.message}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Box px="md" py="sm">
          <Switch checked={live.soundOn} onChange={(e) => live.setSoundOn(e.currentTarget.checked)} label={t('sound')} description={t('sound_hint')} />
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
