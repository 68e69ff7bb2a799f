import { useState } from 'react';
import { ActionIcon, Box, Button, Chip, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconMailHeart, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SUBSCRIBER_STATUSES, type TSubscriber, type TSubscriberStatus } from '@tavolo/contracts/inbox';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListSkeleton, ListRefreshState } from '../../../components/ui/query-states.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { dateTimeLong } from '../../../lib/format.ts';
import { useExportSubscribers, useRemoveSubscriber, useSubscribers } from '../api/inbox-api.ts';
import { InboxStatusBadge } from './inbox-status-badge.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

type Filter = 'all' | TSubscriberStatus;

/** When the row's status began: confirmed, unsubscribed, or signed up (still pending). */
const since = (s: TSubscriber) => (s.status === 'confirmed' ? s.confirmed_at : s.status === 'unsubscribed' ? s.unsubscribed_at : null) ?? s.created_at;

/** /dashboard/subscribers: the newsletter sign-ups; admins remove them and export the confirmed ones as CSV. */
export function SubscribersView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('inbox');
  const [status, setStatus] = useState<Filter>('all');
  const [term, setTerm] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const [search, setSearch] = useDebouncedSearch(term, (value) => {
    setTerm(value);
    setPageNo(1);
  });
  const list = useSubscribers({ status: status === 'all' ? undefined : status, search: term || undefined, page: pageNo, per_page: perPage });
  const remove = useRemoveSubscriber();
  const exportCsv = useExportSubscribers();
  const page = list.data;
  const filtered = status !== 'all' || Boolean(term);

  const confirmRemove = (subscriber: TSubscriber) =>
    openConfirm({
      title: t('subscribers.remove_title'),
      children: <Text size="sm">{t('subscribers.remove_text', { email: subscriber.email })}</Text>,
      labels: { confirm: t('subscribers.remove_confirm'), cancel: t('subscribers.remove_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await remove.mutateAsync(subscriber.id);
          notifications.show({ color: 'green', message: result.message ?? t('subscribers.removed'), autoClose: 3000 });
        } catch (error) {
          notifications.show({ color: 'red', title: t('subscribers.remove_failed'), message: errorMessage(error), autoClose: 6000 });
        }
      },
    });

  const download = async () => {
    try {
      await exportCsv.mutateAsync();
    } catch (error) {
      notifications.show({ color: 'red', title: t('subscribers.export_failed'), message: errorMessage(error), autoClose: 6000 });
    }
  };

  const removeButton = (s: TSubscriber) =>
    canManage && (
      <Tooltip label={t('subscribers.remove')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('subscribers.remove_named', { email: s.email })} onClick={() => confirmRemove(s)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t('subscribers.title')}
        subtitle={t('subscribers.subtitle')}
        action={
          canManage && (
            <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} loading={exportCsv.isPending}>
              {t('subscribers.export')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SearchInput label={t('search')} placeholder={t('subscribers.search_placeholder')} value={search} onChange={setSearch} clearLabel={t('clear_search')} maw={{ sm: 420 }} />
          <Chip.Group
            multiple={false}
            value={status}
            onChange={(value) => {
              setStatus(value as Filter);
              setPageNo(1);
            }}
          >
            <Group gap={6} wrap="wrap" role="group" aria-label={t('status_filter')}>
              {(['all', ...SUBSCRIBER_STATUSES] as const).map((s) => (
                <Chip key={s} value={s} size="sm" variant="outline">
                  {t(`subscribers.status.${s}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>

          {list.isError && !page ? (
            <ListLoadError title={t('subscribers.load_failed')} error={list.error} retryLabel={t('retry')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('loading')} />
          ) : page.total === 0 && !filtered ? (
            <ListEmpty icon={<IconMailHeart size={28} />} title={t('subscribers.empty_title')} text={t('subscribers.empty_text')} />
          ) : page.total === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('no_results')}
            </Text>
          ) : (
            <div style={{ position: 'relative' }}>
              <ListRefreshState query={list} />
              <Box visibleFrom="sm">
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('subscribers.columns.email')}</Table.Th>
                      <Table.Th>{t('subscribers.columns.language')}</Table.Th>
                      <Table.Th>{t('subscribers.columns.since')}</Table.Th>
                      <Table.Th>{t('subscribers.columns.status')}</Table.Th>
                      {canManage && <Table.Th w={60} aria-label={t('subscribers.columns.actions')} />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.data.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{s.email}</Table.Td>
                        <Table.Td>{t(`languages.${s.language}`, { defaultValue: s.language })}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeLong(since(s))}</Table.Td>
                        <Table.Td>
                          <InboxStatusBadge status={`subscriber_${s.status}`} />
                        </Table.Td>
                        {canManage && <Table.Td>{removeButton(s)}</Table.Td>}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
              <Stack gap="xs" hiddenFrom="sm">
                {page.data.map((s) => (
                  <Paper key={s.id} withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                          {s.email}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`languages.${s.language}`, { defaultValue: s.language })} · {dateTimeLong(since(s))}
                        </Text>
                        <InboxStatusBadge status={`subscriber_${s.status}`} />
                      </Stack>
                      {removeButton(s)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </div>
          )}

          {page && (
            <ListPagination
              page={page}
              t={t}
              onChange={(patch) => {
                if (patch.per_page) {
                  setPerPage(patch.per_page);
                  setPageNo(1);
                } else if (patch.page) setPageNo(patch.page);
              }}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
