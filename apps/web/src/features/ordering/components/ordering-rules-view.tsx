import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { PageLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { useDeliveryZones, useOrderingSettings, useRestaurantBasics } from '../api/ordering-api.ts';
import { DeliveryZonesSection } from './delivery-zones-section.tsx';
import { OrderingSettingsForm } from './ordering-settings-form.tsx';

/** /dashboard/ordering: order types (on Settings), timing and throttling, tips, delivery zones, location. */
export function OrderingRulesView() {
  const { t } = useTranslation('ordering');
  const settings = useOrderingSettings();
  const zones = useDeliveryZones();
  const restaurant = useRestaurantBasics();
  const failed = settings.error ?? zones.error ?? restaurant.error;

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {settings.isPending || zones.isPending || restaurant.isPending ? (
        <PageLoading label={t('loading')} />
      ) : failed || !settings.data || !zones.data || !restaurant.data ? (
        <PageLoadError
          maw={700}
          title={t('load_failed')}
          error={failed}
          retryLabel={t('retry')}
          onRetry={() => void Promise.all([settings.refetch(), zones.refetch(), restaurant.refetch()])}
        />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={3} size="h4">
              {t('types.title')}
            </Title>
            <Group gap="xs" mt={4} wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('types.state', {
                  pickup: t(restaurant.data.order_types.pickup ? 'types.on' : 'types.off'),
                  delivery: t(restaurant.data.order_types.delivery ? 'types.on' : 'types.off'),
                })}
              </Text>
              <Anchor component={Link} to="/dashboard/settings" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                {t('types.link')}
                <IconArrowRight size={14} aria-hidden />
              </Anchor>
            </Group>
          </Paper>
          <OrderingSettingsForm settings={settings.data} />
          <DeliveryZonesSection zones={zones.data} currency={restaurant.data.currency_symbol} hasLocation={settings.data.location !== null} deliveryEnabled={restaurant.data.order_types.delivery} />
        </>
      )}
    </Stack>
  );
}
