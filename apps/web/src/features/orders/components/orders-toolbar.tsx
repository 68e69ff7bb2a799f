import { Badge, Box, CloseButton, Select, Stack, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { STATUS_FILTERS, type OrderFilters, type TOrderStatusFilter } from '../hooks/use-order-filters.ts';

interface Props {
  filters: OrderFilters;
  pendingCount: number;
  onChange: (patch: Partial<OrderFilters>) => void;
}

/** Search (debounced) and the status tabs of the orders list; phones get a select instead of tabs. */
export function OrdersToolbar({ filters, pendingCount, onChange }: Props) {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useDebouncedSearch(filters.search, (term) => onChange({ search: term }));

  const label = (status: TOrderStatusFilter) => t(`status.${status}`);

  return (
    <Stack gap="sm">
      <TextInput
        label={t('search')}
        placeholder={t('search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={search ? <CloseButton size="sm" aria-label={t('clear_search')} onClick={() => setSearch('')} /> : null}
        maxLength={100}
        maw={{ sm: 420 }}
        type="search"
      />
      <Box visibleFrom="md">
        <Tabs value={filters.status} onChange={(value) => onChange({ status: (value ?? 'all') as TOrderStatusFilter })} aria-label={t('status_filter')}>
          <Tabs.List>
            {STATUS_FILTERS.map((status) => (
              <Tabs.Tab
                key={status}
                value={status}
                rightSection={
                  status === 'pending' && pendingCount > 0 ? (
                    <Badge size="sm" color="orange" variant="filled" circle={pendingCount < 10} aria-label={t('pending_count', { count: pendingCount })}>
                      {pendingCount}
                    </Badge>
                  ) : undefined
                }
              >
                {label(status)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </Box>
      <Box hiddenFrom="md">
        <Select
          label={t('status_filter')}
          data={STATUS_FILTERS.map((status) => ({
            value: status,
            label: status === 'pending' && pendingCount > 0 ? `${label(status)} (${pendingCount})` : label(status),
          }))}
          value={filters.status}
          onChange={(value) => onChange({ status: (value ?? 'all') as TOrderStatusFilter })}
          allowDeselect={false}
        />
      </Box>
    </Stack>
  );
}
