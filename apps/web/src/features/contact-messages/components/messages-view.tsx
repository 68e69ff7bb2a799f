import { Box, Group, LoadingOverlay, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TContactMessage } from '@tavolo/contracts/marketing';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useContactMessages } from '../api/messages-api.ts';
import { useMessageFilters } from '../hooks/use-message-filters.ts';
import { MessageDrawer } from './message-drawer.tsx';
import { MessageStatusBadge } from './message-status-badge.tsx';

/** One message in the list: sender, subject, the start of the text; new ones stand out. */
export function MessageRow({ message, onOpen }: { message: TContactMessage; onOpen: () => void }) {
  const { t } = useTranslation('contact');
  const fresh = message.status === 'new';
  return (
    <UnstyledButton onClick={onOpen} aria-label={t('messages.open', { name: message.name })} style={{ display: 'block', width: '100%' }} data-testid="message-row">
      <Paper withBorder radius="md" p="sm" style={fresh ? { borderLeft: '4px solid var(--mantine-color-orange-6)' } : undefined}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Box style={{ minWidth: 0 }}>
            <Text fw={fresh ? 700 : 500} size="sm" truncate>
              {message.name}
              {message.restaurant_name ? ` · ${message.restaurant_name}` : ''}
            </Text>
            <Text size="sm" fw={fresh ? 600 : 400} truncate>
              {message.subject}
            </Text>
            <Text size="xs" c="gray.7" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {message.message}
            </Text>
          </Box>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <MessageStatusBadge status={message.status} />
            <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {relativeTime(message.created_at)}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** /dashboard/messages: the contact form's messages, newest first, with status filter, search and pages. */
export function MessagesView() {
  const { t } = useTranslation('contact');
  const { t: tPage } = useTranslation('contact', { keyPrefix: 'messages' });
  const { filters, update, messageId, openMessage } = useMessageFilters();
  const [search, setSearch] = useDebouncedSearch(filters.search, (value) => update({ search: value }));
  const query = useContactMessages(filters);
  const filtered = Boolean(filters.search || filters.status);

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchInput value={search} onChange={setSearch} clearLabel={t('messages.search_clear')} aria-label={t('messages.search')} placeholder={t('messages.search')} style={{ flex: '1 1 260px' }} />
        <SegmentedControl
          aria-label={t('messages.status_label')}
          value={filters.status ?? 'all'}
          onChange={(value) => update({ status: value === 'all' ? undefined : value })}
          data={[
            { value: 'all', label: t('messages.status_all') },
            { value: 'new', label: t('messages.status_new') },
            { value: 'handled', label: t('messages.status_handled') },
          ]}
        />
      </Group>
      {query.isError && !query.data ? (
        <ListLoadError title={t('messages.load_failed')} error={query.error} retryLabel={t('messages.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <ListSkeleton label={t('messages.loading')} />
      ) : query.data.total === 0 ? (
        <ListEmpty icon={<IconInbox size={28} />} title={t('messages.empty_title')} text={t(filtered ? 'messages.empty_filtered' : 'messages.empty_text')} />
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={query.isPlaceholderData && query.isFetching} zIndex={5} overlayProps={{ blur: 1 }} />
          <Stack gap="xs">
            {query.data.data.map((message) => (
              <MessageRow key={message.id} message={message} onOpen={() => openMessage(message.id)} />
            ))}
          </Stack>
        </Box>
      )}
      {query.data && <ListPagination page={query.data} t={tPage} perPage={filters.per_page} onChange={(patch) => update(patch)} />}
      <MessageDrawer id={messageId} onClose={() => openMessage(null)} />
    </Stack>
  );
}
