import { Alert, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconDoorOff, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { NextSteps, setupSteps } from '../../../features/dashboard/components/next-steps.tsx';
import { StorefrontAddressCard } from '../../../features/dashboard/components/storefront-address-card.tsx';
import { SummaryCards, SummaryCardsSkeleton } from '../../../features/dashboard/components/summary-cards.tsx';
import { useDashboardSummary } from '../../../features/dashboard/hooks/use-dashboard-summary.ts';
import { ActivityChart } from '../../../features/dashboard/components/activity-chart.tsx';
import { InsightCards, InsightCardsSkeleton } from '../../../features/dashboard/components/insight-cards.tsx';
import { LatestPosts, LowStock, TopProducts } from '../../../features/dashboard/components/insight-lists.tsx';
import { useDashboardInsights, useLatestPosts } from '../../../features/dashboard/hooks/use-dashboard-insights.ts';
import { longDate } from '../../../lib/format.ts';
import { site, siteOrigin } from '../../site.ts';

const greetingKey = () => {
  const hour = new Date().getHours();
  return hour < 12 ? 'home.greeting_morning' : hour < 18 ? 'home.greeting_afternoon' : 'home.greeting_evening';
};
const plainGreetingKey = () => {
  const hour = new Date().getHours();
  return hour < 12 ? 'home.greeting_morning_plain' : hour < 18 ? 'home.greeting_afternoon_plain' : 'home.greeting_evening_plain';
};

const storefrontUrl = (slug: string) => siteOrigin(`${slug}.${site.mainDomain}`);

/** /dashboard/home: how the restaurant stands and what to do next. */
export default function HomePage() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useCurrentUser();
  // A role without dashboard.view gets the greeting and the storefront's address, and no figures.
  const canView = useCan('dashboard.view');
  const summary = useDashboardSummary(canView);
  const insights = useDashboardInsights(canView);
  const posts = useLatestPosts(canView);
  const figures = insights.data;
  // The lower panels share the row evenly: a role without stock (or sales) figures gets wider ones.
  const panelSpan = 12 / [figures?.top_products, figures?.low_stock, posts.data].filter(Boolean).length;
  const tenant = site.kind === 'tenant' ? site.tenant : null;
  usePageTitle(t('nav.home'), tenant?.name);

  // The summary is fresher than the status embedded in the page when it was loaded.
  const status = summary.data?.restaurant.status ?? tenant?.status;
  const slug = summary.data?.restaurant.slug ?? tenant?.slug;
  const restaurantName = summary.data?.restaurant.name ?? tenant?.name ?? '';
  // The owner's account takes the restaurant's name at sign-up: greeting its first word ("Good morning, Café") is no
  // greeting of a person, so that name gets a plain "Good morning".
  const named = Boolean(user?.name) && user!.name.trim().toLowerCase() !== restaurantName.trim().toLowerCase();
  const firstName = named ? (user!.name.split(/\s+/)[0] ?? '') : '';

  // The storefront's address, and the first steps until every one is done: at the top while the menu is still empty
  // (a new restaurant's page is otherwise empty figures), at the end after that.
  const stepsLeft = canView && summary.data ? setupSteps(summary.data).some((step) => !step.done) : false;
  const gettingStarted = stepsLeft && summary.data?.counts.active_products === 0;
  const started = (
    <Grid gutter="md">
      {slug && (
        <Grid.Col span={{ base: 12, md: stepsLeft ? 6 : 12 }}>
          <StorefrontAddressCard url={storefrontUrl(slug)} />
        </Grid.Col>
      )}
      {stepsLeft && summary.data && (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NextSteps summary={summary.data} permissions={user?.permissions} />
        </Grid.Col>
      )}
    </Grid>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={2} fz={{ base: 24, sm: 28 }}>
          {firstName ? t(greetingKey(), { name: firstName }) : user ? t(plainGreetingKey()) : t('home.greeting_anonymous')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('home.subtitle', { name: restaurantName })}
        </Text>
      </div>

      {status === 'pending' && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 />} title={t('home.pending_title')}>
          {t('home.pending_text')}
        </Alert>
      )}
      {status === 'suspended' && (
        <Alert color="red" variant="light" icon={<IconDoorOff />} title={t('home.suspended_title')}>
          {t('home.suspended_text')}
          {summary.data?.restaurant.suspended_reason && (
            <Text size="sm" mt="xs" fw={600}>
              {t('platform:account.reason', { reason: summary.data.restaurant.suspended_reason })}
            </Text>
          )}
        </Alert>
      )}
      {status === 'trial' && summary.data?.restaurant.trial_ends_at && (
        <Alert color="grape" variant="light" icon={<IconSparkles />} title={t('platform:account.trial_title', { date: longDate(summary.data.restaurant.trial_ends_at) })}>
          {t('platform:account.trial_text')}
        </Alert>
      )}

      {gettingStarted && started}

      {canView && (
        <>
          {insights.isError ? (
            <Alert color="red" icon={<IconAlertTriangle />} title={t('home.load_failed_title')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{insights.error.message || t('home.load_failed_text')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => insights.refetch()} loading={insights.isFetching}>
                  {t('home.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : figures ? (
            <>
              <InsightCards insights={figures} />
              {figures.chart && <ActivityChart chart={figures.chart} currency={figures.currency_symbol} />}
            </>
          ) : (
            <InsightCardsSkeleton />
          )}

          <Grid gutter="md">
            {figures?.top_products && (
              <Grid.Col span={{ base: 12, md: panelSpan }}>
                <TopProducts items={figures.top_products} currency={figures.currency_symbol} />
              </Grid.Col>
            )}
            {figures?.low_stock && (
              <Grid.Col span={{ base: 12, md: panelSpan }}>
                <LowStock lowStock={figures.low_stock} />
              </Grid.Col>
            )}
            {posts.data && (
              <Grid.Col span={{ base: 12, md: panelSpan }}>
                <LatestPosts posts={posts.data} />
              </Grid.Col>
            )}
          </Grid>

          {summary.isError ? (
            <Alert color="red" icon={<IconAlertTriangle />} title={t('home.load_failed_title')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{summary.error.message || t('home.load_failed_text')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => summary.refetch()} loading={summary.isFetching}>
                  {t('home.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : summary.data ? (
            <SummaryCards counts={summary.data.counts} />
          ) : (
            <SummaryCardsSkeleton />
          )}
        </>
      )}

      {!gettingStarted && started}
    </Stack>
  );
}
