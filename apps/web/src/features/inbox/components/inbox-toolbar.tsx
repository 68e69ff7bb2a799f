import { Chip, Group, Select, Stack, Text } from '@mantine/core';
import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { FiltersButton, FiltersPanel, useFiltersToggle } from '../../../components/ui/filters-toggle.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useTranslation } from '../../../app/i18n.ts';
import type { TInboxKind, TInboxSort } from '@tavolo/contracts/inbox';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import type { InboxFilters } from '../hooks/use-inbox-filters.ts';

interface Props {
  kind: TInboxKind;
  statuses: readonly string[];
  sorts: readonly TInboxSort[];
  dateRange: boolean;
  filters: InboxFilters;
  onChange: (patch: Partial<InboxFilters>) => void;
}

/** Search (debounced), status chips, sort and, for reservations, the range of days; phones keep sort and days behind "Filters". */
export function InboxToolbar({ kind, statuses, sorts, dateRange, filters, onChange }: Props) {
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useDebouncedSearch(filters.search, (term) => onChange({ search: term }));
  const more = useFiltersToggle();
  const narrowed = [filters.from !== '', filters.to !== '', filters.sort !== 'newest'].filter(Boolean).length;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          label={t('search')}
          placeholder={t(`kinds.${kind}.search_placeholder`)}
          value={search}
          onChange={setSearch}
          clearLabel={t('clear_search')}
          flex={{ base: '1 1 0', xs: '1 1 240px' }}
          miw={0}
          maw={{ sm: 420 }}
        />
        <FiltersButton state={more} count={narrowed} />
        <FiltersPanel state={more} inline w="100%">
          {dateRange && <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} width={170} />}
          <Select
            label={t('sort.label')}
            data={sorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
            value={filters.sort}
            onChange={(value) => onChange({ sort: (value ?? 'newest') as InboxFilters['sort'] })}
            allowDeselect={false}
            w={{ base: '100%', xs: 230 }}
          />
        </FiltersPanel>
      </Group>
      <div role="group" aria-label={t('status_filter')}>
        <Text size="sm" fw={500} mb={6}>
          {t('status_filter')}
        </Text>
        <Chip.Group multiple={false} value={filters.status} onChange={(value) => onChange({ status: value })}>
          <Group gap={6} wrap="wrap">
            {['all', ...statuses].map((status) => (
              <Chip key={status} value={status} size="sm" variant="outline">
                {t(`status.${status}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
    </Stack>
  );
}
