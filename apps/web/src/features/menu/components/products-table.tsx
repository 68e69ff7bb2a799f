import { ActionIcon, Badge, Center, Checkbox, Group, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEyeOff, IconPencil, IconSelector, IconStarFilled, IconTrash } from '@tabler/icons-react';
import i18n, { useTranslation } from '../../../app/i18n.ts';
import type { TAdminProduct } from '@tavolo/contracts/menu';
import { useCurrencySymbol } from '../../../lib/currencies.ts';
import { money, numberFormat } from '../../../lib/format.ts';
import type { ProductFilters, TProductSort } from '../hooks/use-product-filters.ts';
import { ProductThumb } from './product-thumb.tsx';
import { ActiveSwitch } from './active-switch.tsx';

const rating = (value: number) => numberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

function SortHeader({ label, field, filters, onSort }: { label: string; field: TProductSort; filters: ProductFilters; onSort: (sort: TProductSort, direction: 'asc' | 'desc') => void }) {
  const { t } = useTranslation('menu');
  const active = filters.sort === field;
  const Icon = active ? (filters.direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (filters.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(field, active && filters.direction === 'asc' ? 'desc' : 'asc')}
        aria-label={t('products.sort_column', { column: label })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
      >
        {label}
        <Icon size={14} stroke={1.8} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

export function StockCell({ product }: { product: TAdminProduct }) {
  const { t } = useTranslation('menu');
  if (!product.track_stock) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('products.not_tracked')}
      </Text>
    );
  }
  if (product.stock_quantity <= 0) {
    return (
      <Badge color="red" variant="light" styles={{ root: { flexShrink: 0, maxWidth: 'none', width: 'max-content' }, label: { overflow: 'visible' } }}>
        {t('products.unavailable')}
      </Badge>
    );
  }
  const low = product.stock_quantity <= product.low_stock_threshold;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t('products.in_stock', { count: product.stock_quantity })}
      </Text>
      {low && (
        <Badge color="orange" variant="light" size="sm" styles={{ root: { flexShrink: 0, maxWidth: 'none', width: 'max-content' }, label: { overflow: 'visible' } }}>
          {t('products.low_stock')}
        </Badge>
      )}
    </Stack>
  );
}

export function PriceCell({ product }: { product: TAdminProduct }) {
  const { t } = useTranslation('menu');
  const symbol = useCurrencySymbol();
  const discounted = product.discount > 0 && product.final_price_cents < product.price_cents;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {money(product.final_price_cents, symbol)}
      </Text>
      {discounted && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <s>{money(product.price_cents, symbol)}</s> · {t('products.discount_badge', { percent: product.discount })}
        </Text>
      )}
    </Stack>
  );
}

interface Props {
  products: TAdminProduct[];
  filters: ProductFilters;
  selected: Set<string>;
  canManage: boolean;
  toggling: Set<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onSort: (sort: TProductSort, direction: 'asc' | 'desc') => void;
  onToggle: (product: TAdminProduct, active: boolean) => void;
  onEdit: (product: TAdminProduct) => void;
  onDelete: (product: TAdminProduct) => void;
}

/** One page of products; wide screens read it as a table, phones scroll it sideways. */
export function ProductsTable({ products, filters, selected, canManage, toggling, onSelect, onSort, onToggle, onEdit, onDelete }: Props) {
  const { t } = useTranslation('menu');
  const ids = products.map((p) => p.id);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));

  return (
    <Table.ScrollContainer minWidth={canManage ? 940 : 820}>
      <Table verticalSpacing="sm" highlightOnHover striped={false}>
        <Table.Thead>
          <Table.Tr>
            {canManage && (
              <Table.Th w={40}>
                <Checkbox aria-label={t('products.select_all')} checked={all} indeterminate={some && !all} onChange={(e) => onSelect(ids, e.currentTarget.checked)} />
              </Table.Th>
            )}
            <Table.Th w={60}>
              <VisuallyHidden>{t('fields.image')}</VisuallyHidden>
            </Table.Th>
            <SortHeader label={t('fields.name')} field="name" filters={filters} onSort={onSort} />
            <Table.Th>{t('fields.category')}</Table.Th>
            <SortHeader label={t('fields.price')} field="price" filters={filters} onSort={onSort} />
            <SortHeader label={t('products.stock_column')} field="stock" filters={filters} onSort={onSort} />
            <Table.Th>{t('fields.rating')}</Table.Th>
            <Table.Th>{t('fields.active')}</Table.Th>
            {canManage && (
              <Table.Th w={96}>
                <Text span size="sm" fw={700}>
                  {t('actions')}
                </Text>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id} bg={selected.has(product.id) ? 'var(--mantine-primary-color-light)' : undefined}>
              {canManage && (
                <Table.Td>
                  <Checkbox aria-label={t('products.select_one', { name: product.name })} checked={selected.has(product.id)} onChange={(e) => onSelect([product.id], e.currentTarget.checked)} />
                </Table.Td>
              )}
              <Table.Td>
                <ProductThumb src={product.image} />
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {product.name}
                </Text>
                {product.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {product.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" c={product.category.is_active ? undefined : 'dimmed'}>
                    {product.category.name}
                  </Text>
                  {!product.category.is_active && (
                    <Tooltip label={t('products.category_hidden_hint')} multiline w={240}>
                      <IconEyeOff size={16} color="var(--mantine-color-gray-6)" aria-label={t('products.category_hidden_hint')} role="img" style={{ flexShrink: 0 }} />
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <PriceCell product={product} />
              </Table.Td>
              <Table.Td>
                <StockCell product={product} />
              </Table.Td>
              <Table.Td>
                {product.rating > 0 ? (
                  <Group gap={4} wrap="nowrap" aria-label={t('products.rating_label', { rating: rating(product.rating) })}>
                    <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
                    <Text size="sm">{rating(product.rating)}</Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    –
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ActiveSwitch
                  canManage={canManage}
                  active={product.is_active}
                  busy={toggling.has(product.id)}
                  onToggle={(active) => onToggle(product, active)}
                  ariaLabel={t('products.toggle_active', { name: product.name })}
                />
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('edit')}>
                      <ActionIcon variant="subtle" size="lg" aria-label={t('products.edit_named', { name: product.name })} onClick={() => onEdit(product)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('delete')}>
                      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('products.delete_named', { name: product.name })} onClick={() => onDelete(product)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!products.length && (
        <Center py="xl">
          <Text c="dimmed">{t('products.no_results')}</Text>
        </Center>
      )}
    </Table.ScrollContainer>
  );
}
