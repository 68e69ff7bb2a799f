import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { SignupsChart } from '../../../features/platform/components/signups-chart.tsx';
import { StatCards, StatCardsSkeleton } from '../../../features/platform/components/stat-cards.tsx';
import { usePlatformStats } from '../../../features/platform/api/platform-api.ts';
import { MessagesCard } from '../../../features/contact-messages/components/messages-card.tsx';

/** /dashboard on the main domain: the platform in eight figures (SPEC §3), each a way into its list, and the sign-ups chart. */
export default function PlatformHomePage() {
  const { t } = useTranslation('platform');
  const { data: user } = useCurrentUser();
  const stats = usePlatformStats();
  const messages = useCan('platform_messages.manage');
  const links = { tenants: useCan('tenants.view'), users: useCan('platform_users.manage'), roles: useCan('platform_roles.manage') };
  usePageTitle(t('nav.dashboard'));

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={2} fz={{ base: 24, sm: 28 }}>
          {user ? t('home.welcome', { name: user.name }) : t('home.welcome_anonymous')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('home.subtitle')}
        </Text>
      </div>
      {stats.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('home.load_failed_title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{stats.error.message || t('home.load_failed_text')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => stats.refetch()} loading={stats.isFetching}>
              {t('home.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : stats.data ? (
        <StatCards stats={stats.data} links={links} />
      ) : (
        <StatCardsSkeleton />
      )}
      {messages && <MessagesCard />}
      <SignupsChart />
    </Stack>
  );
}
