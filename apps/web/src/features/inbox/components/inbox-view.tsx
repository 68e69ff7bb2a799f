import { useEffect, type ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TInboxKind } from '@tavolo/contracts/inbox';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { ListEmpty, ListLoadError, ListSkeleton, ListRefreshState } from '../../../components/ui/query-states.tsx';
import { useInboxList } from '../api/inbox-api.ts';
import { useInboxFilters } from '../hooks/use-inbox-filters.ts';
import { InboxDrawer, type DetailExtra } from './inbox-drawer.tsx';
import { INBOX_KIND_CONFIG } from './inbox-kinds.tsx';
import { InboxList } from './inbox-list.tsx';
import { InboxToolbar } from './inbox-toolbar.tsx';

/**
 * One inbox for every kind of guest request (reservations, stock checks, quote and contact requests):
 * searched, filtered, sorted and paged on the server; a request opens in a drawer with its replies.
 */
export function InboxView({ kind, canManage, actions, drawerExtra }: { kind: TInboxKind; canManage: boolean; actions?: ReactNode; drawerExtra?: DetailExtra }) {
  const { t } = useTranslation('inbox');
  const config = INBOX_KIND_CONFIG[kind];
  const { filters, query, update, openId, open, filtered } = useInboxFilters(config.statuses, config.sorts);
  const list = useInboxList(kind, query);
  const page = list.data;

  // Past the last page (e.g. after the list shrank): go to the last one.
  useEffect(() => {
    if (page && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t(`kinds.${kind}.title`)}
        subtitle={t(`kinds.${kind}.subtitle`)}
        action={
          <Group gap="xs" wrap="wrap">
            {actions}
            <RefreshButton label={t('refresh')} onRefresh={() => void list.refetch()} loading={list.isFetching && !list.isPlaceholderData} />
          </Group>
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <InboxToolbar kind={kind} statuses={config.statuses} sorts={config.sorts} dateRange={config.dateRange} filters={filters} onChange={update} />

          {list.isError && !page ? (
            <ListLoadError title={t('load_failed')} error={list.error} retryLabel={t('retry')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('loading')} />
          ) : page.total === 0 && !filtered ? (
            <ListEmpty icon={config.icon} title={t(`kinds.${kind}.empty_title`)} text={t(`kinds.${kind}.empty_text`)} />
          ) : (
            <div style={{ position: 'relative' }}>
              <ListRefreshState query={list} />
              <InboxList items={page.data} selectedId={openId} onOpen={open} />
              {filtered && page.total === 0 && (
                <Group justify="center" pb="md">
                  <Button variant="subtle" onClick={() => update({ search: '', status: 'all', from: '', to: '' })}>
                    {t('reset_filters')}
                  </Button>
                </Group>
              )}
            </div>
          )}

          {page && <ListPagination page={page} t={t} onChange={update} />}
        </Stack>
      </Paper>

      <InboxDrawer kind={kind} id={openId} canManage={canManage} onClose={() => open(null)} extra={drawerExtra} />
    </Stack>
  );
}
