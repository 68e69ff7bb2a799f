import { useEffect } from 'react';
import { Badge, Box, Group, LoadingOverlay, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMail, IconSearch, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { CUSTOMER_SORTS, type TCustomer } from '@tavolo/contracts/customers';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { longDate, money, number } from '../../../lib/format.ts';
import { useCustomers } from '../api/customers-api.ts';
import { useCustomerFilters } from '../hooks/use-customer-filters.ts';
import { CustomerDrawer } from './customer-drawer.tsx';

/** Newsletter and marketing consent as two small badges (only those given). */
export function ConsentBadges({ customer }: { customer: Pick<TCustomer, 'newsletter' | 'marketing'> }) {
  const { t } = useTranslation('customers');
  if (!customer.newsletter && !customer.marketing) {
    return (
      <Text size="xs" c="dimmed">
        {t('consent.none')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {customer.newsletter && (
        <Badge size="sm" variant="light" color="teal" leftSection={<IconMail size={12} aria-hidden />}>
          {t('consent.newsletter')}
        </Badge>
      )}
      {customer.marketing && (
        <Badge size="sm" variant="light" color="grape" leftSection={<IconSpeakerphone size={12} aria-hidden />}>
          {t('consent.marketing')}
        </Badge>
      )}
    </Group>
  );
}

function CustomersTable({ customers, onOpen }: { customers: TCustomer[]; onOpen: (c: TCustomer) => void }) {
  const { t } = useTranslation('customers');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.customer')}</Table.Th>
            <Table.Th ta="right">{t('columns.orders')}</Table.Th>
            <Table.Th ta="right">{t('columns.spent')}</Table.Th>
            <Table.Th ta="right">{t('columns.reservations')}</Table.Th>
            <Table.Th>{t('columns.last_visit')}</Table.Th>
            <Table.Th>{t('columns.consent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((c) => (
            <Table.Tr key={c.key} onClick={() => onOpen(c)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <UnstyledButton
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(c);
                  }}
                  aria-label={t('open_customer', { name: c.name })}
                >
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.email}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td ta="right">{number(c.order_count)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(c.total_spent_cents, c.currency_symbol)}
              </Table.Td>
              <Table.Td ta="right">{number(c.reservation_count)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{longDate(c.last_visit)}</Table.Td>
              <Table.Td>
                <ConsentBadges customer={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CustomerCards({ customers, onOpen }: { customers: TCustomer[]; onOpen: (c: TCustomer) => void }) {
  const { t } = useTranslation('customers');
  return (
    <Stack gap="xs">
      {customers.map((c) => (
        <UnstyledButton key={c.key} onClick={() => onOpen(c)} aria-label={t('open_customer', { name: c.name })} w="100%">
          <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box miw={0}>
              <Text fw={600} truncate>
                {c.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {c.email}
              </Text>
            </Box>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(c.total_spent_cents, c.currency_symbol)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {[t('detail.orders', { count: c.order_count }), t('detail.reservations', { count: c.reservation_count }), t('card_last_visit', { date: longDate(c.last_visit) })].join(' · ')}
          </Text>
          <Box mt={6}>
            <ConsentBadges customer={c} />
          </Box>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** /dashboard/customers: everyone who ordered or reserved, searched, sorted and paged on the server. */
export function CustomersView({ canErase }: { canErase: boolean }) {
  const { t } = useTranslation('customers');
  const { filters, update, customerKey, openCustomer } = useCustomerFilters();
  const [search, setSearch] = useDebouncedSearch(filters.search, (value) => update({ search: value }));
  const customers = useCustomers({ search: filters.search || undefined, sort: filters.sort, page: filters.page, per_page: filters.per_page });
  const page = customers.data;

  useEffect(() => {
    if (page && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: '1 1 260px' }}
              leftSection={<IconSearch size={16} aria-hidden />}
              placeholder={t('search_placeholder')}
              aria-label={t('search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Select
              w={{ base: '100%', xs: 220 }}
              label={t('sort.label')}
              data={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
              value={filters.sort}
              onChange={(value) => value && update({ sort: value as (typeof CUSTOMER_SORTS)[number] })}
              allowDeselect={false}
            />
          </Group>

          {customers.isError && !page ? (
            <ListLoadError title={t('load_failed')} error={customers.error} retryLabel={t('retry')} onRetry={() => void customers.refetch()} retrying={customers.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('loading')} />
          ) : page.total === 0 ? (
            <ListEmpty icon={<IconUsers size={28} />} title={filters.search ? t('no_match_title') : t('empty_title')} text={filters.search ? t('no_match_text') : t('empty_text')} />
          ) : (
            <div style={{ position: 'relative' }}>
              <LoadingOverlay visible={customers.isPlaceholderData && customers.isFetching} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
              <Box visibleFrom="sm">
                <CustomersTable customers={page.data} onOpen={(c) => openCustomer(c.key)} />
              </Box>
              <Box hiddenFrom="sm">
                <CustomerCards customers={page.data} onOpen={(c) => openCustomer(c.key)} />
              </Box>
            </div>
          )}

          {page && <ListPagination page={page} t={t} onChange={update} perPage={filters.per_page} />}
        </Stack>
      </Paper>
      <CustomerDrawer customerKey={customerKey} canErase={canErase} onClose={() => openCustomer(null)} />
    </Stack>
  );
}
