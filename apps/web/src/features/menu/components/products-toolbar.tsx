import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { FiltersButton, FiltersPanel, useFiltersToggle } from '../../../components/ui/filters-toggle.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import type { TCategory } from '@tavolo/contracts/menu';
import type { ProductFilters, TProductSort } from '../hooks/use-product-filters.ts';

const SORT_OPTIONS: { sort: TProductSort; direction: 'asc' | 'desc'; key: string }[] = [
  { sort: 'sort_order', direction: 'asc', key: 'menu_order' },
  { sort: 'name', direction: 'asc', key: 'name_asc' },
  { sort: 'name', direction: 'desc', key: 'name_desc' },
  { sort: 'price', direction: 'asc', key: 'price_asc' },
  { sort: 'price', direction: 'desc', key: 'price_desc' },
  { sort: 'created_at', direction: 'desc', key: 'newest' },
  { sort: 'created_at', direction: 'asc', key: 'oldest' },
  { sort: 'stock', direction: 'asc', key: 'stock_asc' },
  { sort: 'stock', direction: 'desc', key: 'stock_desc' },
];

interface Props {
  filters: ProductFilters;
  categories: TCategory[];
  onChange: (patch: Partial<ProductFilters>) => void;
}

/** Search (debounced), category, status and sort of the product table; phones keep status and sort behind "Filters". */
export function ProductsToolbar({ filters, categories, onChange }: Props) {
  const { t } = useTranslation('menu');
  const [search, setSearch] = useDebouncedSearch(filters.search, (term) => onChange({ search: term }));

  const more = useFiltersToggle();
  const sortValue = `${filters.sort}:${filters.direction}`;
  const narrowed = [filters.status !== 'all', sortValue !== 'sort_order:asc'].filter(Boolean).length;
  const sortData = SORT_OPTIONS.map((o) => ({ value: `${o.sort}:${o.direction}`, label: t(`products.sort.${o.key}`) }));
  if (!sortData.some((o) => o.value === sortValue)) sortData.push({ value: sortValue, label: t(`products.sort.custom`) });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('products.search')}
        placeholder={t('products.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={search ? <CloseButton size="sm" aria-label={t('products.clear_search')} onClick={() => setSearch('')} /> : null}
        maxLength={100}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label={t('fields.category')}
        placeholder={t('products.all_categories')}
        data={categories.map((c) => ({ value: c.id, label: c.name }))}
        value={filters.category_id}
        onChange={(value) => onChange({ category_id: value })}
        clearable
        searchable
        style={{ flex: '1 1 180px' }}
      />
      <FiltersButton state={more} count={narrowed} />
      <FiltersPanel state={more} inline w="100%">
        <Select
          label={t('products.status_filter')}
          data={(['all', 'active', 'inactive'] as const).map((s) => ({ value: s, label: t(`products.status_${s}`) }))}
          value={filters.status}
          onChange={(value) => onChange({ status: (value ?? 'all') as ProductFilters['status'] })}
          allowDeselect={false}
          style={{ flex: '1 1 140px' }}
        />
        <Select
          label={t('products.sort_by')}
          data={sortData}
          value={sortValue}
          onChange={(value) => {
            const [sort, direction] = (value ?? 'sort_order:asc').split(':') as [TProductSort, 'asc' | 'desc'];
            onChange({ sort, direction });
          }}
          allowDeselect={false}
          style={{ flex: '1 1 180px' }}
        />
      </FiltersPanel>
    </Group>
  );
}
