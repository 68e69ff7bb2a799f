import type { ComponentType } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { IconActivity, IconBan, IconBuildingStore, IconCircleCheck, IconHourglass, IconKey, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPlatformStats } from '@tavolo/contracts/dashboard';
import { numberFormat } from '../../../lib/format.ts';

// SPEC §3: the eight figures, in this order. `to`: the list a card opens (restaurant cards need tenants.view).
const STATS: { key: keyof Omit<TPlatformStats, 'trial_restaurants' | 'platform_users' | 'platform_roles'>; color: string; Icon: ComponentType<{ size?: number; stroke?: number }>; to?: string; needs?: 'tenants' | 'users' | 'roles' }[] = [
  { key: 'total_restaurants', color: 'orange', Icon: IconBuildingStore, to: '/dashboard/tenants', needs: 'tenants' },
  { key: 'active_restaurants', color: 'teal', Icon: IconCircleCheck, to: '/dashboard/tenants?status=active', needs: 'tenants' },
  { key: 'pending_approvals', color: 'yellow', Icon: IconHourglass, to: '/dashboard/tenants?status=pending', needs: 'tenants' },
  { key: 'suspended_restaurants', color: 'red', Icon: IconBan, to: '/dashboard/tenants?status=suspended', needs: 'tenants' },
  { key: 'total_users', color: 'indigo', Icon: IconUsers, to: '/dashboard/users', needs: 'users' },
  { key: 'total_roles', color: 'grape', Icon: IconShieldLock, to: '/dashboard/roles', needs: 'roles' },
  { key: 'total_permissions', color: 'cyan', Icon: IconKey },
  { key: 'active_users_today', color: 'green', Icon: IconActivity },
];

/** `links`: which lists the operator may open; a card for another is a plain figure. */
export function StatCards({ stats, links = {} }: { stats: TPlatformStats; links?: Partial<Record<'tenants' | 'users' | 'roles', boolean>> }) {
  const { t, i18n } = useTranslation('platform');
  const number = numberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US');
  // The totals count every restaurant's team too, and trials have no card: said under the figure, since the card
  // opens the operators' own list (8 users opened a list of 1).
  const detail = (key: keyof TPlatformStats) => {
    if (key === 'active_restaurants' && stats.trial_restaurants > 0) return t('stats.trial_detail', { count: stats.trial_restaurants });
    if (key === 'total_users') return t('stats.users_detail', { count: stats.platform_users, staff: number.format(stats.total_users - stats.platform_users) });
    if (key === 'total_roles') return t('stats.roles_detail', { count: stats.platform_roles, restaurants: number.format(stats.total_roles - stats.platform_roles) });
    return null;
  };
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {STATS.map(({ key, color, Icon, to, needs }) => {
        const note = detail(key);
        const body = (
          <>
          <Group gap="sm" wrap="nowrap" align="center">
            <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden style={{ flexShrink: 0 }}>
              <Icon size={20} stroke={1.6} />
            </ThemeIcon>
            {/* Capitals only where there is room: "BERECHTIGUNGEN" ran past a phone's narrow card. */}
            <Text size="xs" c="dimmed" fw={700} tt={{ base: 'none', sm: 'uppercase' }} lts={{ base: 0, sm: 0.3 }} lh={1.3} miw={0} style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
              {t(`stats.${key}`)}
            </Text>
          </Group>
          <Text fz={{ base: 26, sm: 32 }} fw={700} lh={1.2} mt="sm">
            {number.format(stats[key])}
          </Text>
          {note && (
            <Text size="xs" c="dimmed" mt={2}>
              {note}
            </Text>
          )}
          </>
        );
        return to && needs && links[needs] ? (
          <Paper key={key} component={Link} to={to} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}>
            {body}
          </Paper>
        ) : (
          <Paper key={key} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            {body}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

export function StatCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }} aria-hidden>
      {STATS.map(({ key }) => (
        <Paper key={key} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Skeleton height={12} width="60%" />
          <Skeleton height={30} width="30%" mt="sm" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
