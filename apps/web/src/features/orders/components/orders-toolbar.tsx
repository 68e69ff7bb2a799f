import { Badge, Box, Group, Select, Stack, Tabs } from '@mantine/core';
import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { FiltersButton, FiltersPanel, useFiltersToggle } from '../../../components/ui/filters-toggle.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { ORDER_SORTS, type TOrderSort } from '@tavolo/contracts/orders';
import { useTranslation } from '../../../app/i18n.ts';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import {
  SOURCE_FILTERS,
  STATUS_FILTERS,
  TYPE_FILTERS,
  type OrderFilters,
  type TOrderSourceFilter,
  type TOrderStatusFilter,
  type TOrderTypeFilter,
} from '../hooks/use-order-filters.ts';

interface Props {
  filters: OrderFilters;
  pendingCount: number;
  onChange: (patch: Partial<OrderFilters>) => void;
}

/**
 * Search (debounced), type, source, days and sort, and the status tabs of the orders list. Phones get a status
 * select instead of tabs, and the other filters behind a "Filters" button, so the orders start on the first screen.
 */
export function OrdersToolbar({ filters, pendingCount, onChange }: Props) {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useDebouncedSearch(filters.search, (term) => onChange({ search: term }));
  const more = useFiltersToggle();
  // How many of the filters the phone tucks away are in use (the button counts them; search and status stay in view).
  const tuckedInUse = [filters.type !== 'all', filters.source !== 'all', filters.from !== '', filters.to !== '', filters.sort !== 'newest'].filter(Boolean).length;

  const label = (status: TOrderStatusFilter) => t(`status.${status}`);

  return (
    <Stack gap="sm">
      <SearchInput label={t('search')} placeholder={t('search_placeholder')} value={search} onChange={setSearch} clearLabel={t('clear_search')} maw={{ sm: 420 }} />
      <Group hiddenFrom="md" gap="sm" align="flex-end" wrap="nowrap">
        <Select
          label={t('status_filter')}
          data={STATUS_FILTERS.map((status) => ({
            value: status,
            label: status === 'pending' && pendingCount > 0 ? `${label(status)} (${pendingCount})` : label(status),
          }))}
          value={filters.status}
          onChange={(value) => onChange({ status: (value ?? 'all') as TOrderStatusFilter })}
          allowDeselect={false}
          flex={1}
        />
        <FiltersButton state={more} count={tuckedInUse} />
      </Group>
      <FiltersPanel state={more}>
        <Select
          label={t('filters.type')}
          data={TYPE_FILTERS.map((value) => ({ value, label: value === 'all' ? t('filters.all_types') : t(`type.${value}`) }))}
          value={filters.type}
          onChange={(value) => onChange({ type: (value ?? 'all') as TOrderTypeFilter })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', xs: 150 }}
        />
        <Select
          label={t('filters.source')}
          data={SOURCE_FILTERS.map((value) => ({ value, label: t(`filters.source_${value}`) }))}
          value={filters.source}
          onChange={(value) => onChange({ source: (value ?? 'all') as TOrderSourceFilter })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', xs: 150 }}
        />
        <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} width={165} />
        <Select
          label={t('filters.sort')}
          data={ORDER_SORTS.map((value) => ({ value, label: t(`filters.sort_${value}`) }))}
          value={filters.sort}
          onChange={(value) => onChange({ sort: (value ?? 'newest') as TOrderSort })}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
        />
      </FiltersPanel>
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
    </Stack>
  );
}
