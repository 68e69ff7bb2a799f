import { useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { IconPhonePlus, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { useOrders, usePendingOrdersCount } from '../api/orders-api.ts';
import { useOrderFilters } from '../hooks/use-order-filters.ts';
import { OrderCards } from './order-cards.tsx';
import { OrderDrawer } from './order-drawer.tsx';
import { OrdersTable } from './orders-table.tsx';
import { OrdersToolbar } from './orders-toolbar.tsx';
import { OrderingPausedBanner } from './ordering-paused-banner.tsx';
import { BusyPauseBanner, PauseOrdersMenu } from './busy-pause.tsx';
import { PhoneOrderDrawer } from './phone-order-drawer.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { useLiveConnected } from '../../../lib/live-status.ts';
import { ListEmpty, ListLoadError, ListSkeleton, ListRefreshState } from '../../../components/ui/query-states.tsx';

/** /dashboard/orders: every order, searched, filtered and paged on the server; live, or refreshed every 20 seconds while the live stream is down. */
export function OrdersView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('orders');
  const { filters, query, update, orderId, openOrder, narrowed } = useOrderFilters();
  const [enteringPhoneOrder, setEnteringPhoneOrder] = useState(false);
  const orders = useOrders(query);
  const pending = usePendingOrdersCount();
  const live = useLiveConnected();
  const page = orders.data;

  // Past the last page (e.g. after the list shrank): go to the last one.
  useEffect(() => {
    if (page && page.last_page >= 1 && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  const filtered = narrowed || filters.status !== 'all';

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('title')}
        subtitle={canManage ? t('subtitle') : t('subtitle_readonly')}
        action={
          <Group gap="xs" align="center">
            {(pending.data ?? 0) > 0 && (
              <Badge color="orange" variant="filled" size="lg">
                {t('pending_count', { count: pending.data })}
              </Badge>
            )}
            {canManage && <PauseOrdersMenu />}
            {canManage && (
              <Button leftSection={<IconPhonePlus size={16} />} onClick={() => setEnteringPhoneOrder(true)}>
                {t('phone.open')}
              </Button>
            )}
            <RefreshButton label={t('refresh')} onRefresh={() => void orders.refetch()} loading={orders.isFetching && !orders.isPlaceholderData} title={live ? t('live') : t('refreshing')} />
          </Group>
        }
      />

      <OrderingPausedBanner canManage={canManage} />
      <BusyPauseBanner canManage={canManage} />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <OrdersToolbar filters={filters} pendingCount={pending.data ?? 0} onChange={update} />

          {orders.isError && !page ? (
            <ListLoadError title={t('load_failed')} error={orders.error} retryLabel={t('retry')} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('loading')} />
          ) : page.total === 0 && !filtered ? (
            <ListEmpty icon={<IconReceipt size={28} />} title={t('empty_title')} text={t('empty_text')} />
          ) : (
            <div style={{ position: 'relative' }}>
              <ListRefreshState query={orders} />
              <Box visibleFrom="sm">
                <OrdersTable orders={page.data} selectedId={orderId} onOpen={(order) => openOrder(order.id)} />
              </Box>
              <Box hiddenFrom="sm">
                <OrderCards orders={page.data} selectedId={orderId} onOpen={(order) => openOrder(order.id)} />
              </Box>
              {filtered && page.total === 0 && (
                <Group justify="center" pb="md">
                  <Button variant="subtle" onClick={() => update({ search: '', status: 'all', type: 'all', source: 'all', from: '', to: '' })}>
                    {t('reset_filters')}
                  </Button>
                </Group>
              )}
            </div>
          )}

          {page && <ListPagination page={page} t={t} onChange={update} perPage={filters.per_page} note={live ? t('live') : t('refreshing')} />}
        </Stack>
      </Paper>

      <OrderDrawer orderId={orderId} canManage={canManage} onClose={() => openOrder(null)} />
      {canManage && (
        <PhoneOrderDrawer
          opened={enteringPhoneOrder}
          onClose={() => setEnteringPhoneOrder(false)}
          onPlaced={(id) => {
            setEnteringPhoneOrder(false);
            openOrder(id);
          }}
        />
      )}
    </Stack>
  );
}
