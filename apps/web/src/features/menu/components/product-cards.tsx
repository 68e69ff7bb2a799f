import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TAdminProduct } from '@tavolo/contracts/menu';
import { ProductThumb } from './product-thumb.tsx';
import { PriceCell, StockCell } from './products-table.tsx';
import { ActiveSwitch } from './active-switch.tsx';

interface Props {
  products: TAdminProduct[];
  selected: Set<string>;
  canManage: boolean;
  toggling: Set<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onToggle: (product: TAdminProduct, active: boolean) => void;
  onEdit: (product: TAdminProduct) => void;
  onDelete: (product: TAdminProduct) => void;
}

/** The product table as a list of cards, for phones. */
export function ProductCards({ products, selected, canManage, toggling, onSelect, onToggle, onEdit, onDelete }: Props) {
  const { t } = useTranslation('menu');
  const ids = products.map((p) => p.id);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));

  if (!products.length) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('products.no_results')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {canManage && (
        <Checkbox label={t('products.select_all')} checked={all} indeterminate={some && !all} onChange={(e) => onSelect(ids, e.currentTarget.checked)} size="sm" />
      )}
      {products.map((product) => (
        <Paper key={product.id} withBorder radius="md" p="sm" bg={selected.has(product.id) ? 'var(--mantine-primary-color-light)' : undefined}>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {canManage && (
              <Checkbox mt={4} aria-label={t('products.select_one', { name: product.name })} checked={selected.has(product.id)} onChange={(e) => onSelect([product.id], e.currentTarget.checked)} />
            )}
            <ProductThumb src={product.image} size={56} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm" lineClamp={2}>
                {product.name}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {product.category.name}
                </Text>
                {!product.category.is_active && (
                  <Badge color="gray" variant="light" size="xs">
                    {t('status.hidden')}
                  </Badge>
                )}
              </Group>
              <Group gap="md" wrap="wrap" align="center">
                <PriceCell product={product} />
                <StockCell product={product} />
              </Group>
            </Stack>
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <ActiveSwitch
              size="sm"
              canManage={canManage}
              active={product.is_active}
              busy={toggling.has(product.id)}
              onToggle={(active) => onToggle(product, active)}
              label={product.is_active ? t('status.active') : t('status.inactive')}
              ariaLabel={t('products.toggle_active', { name: product.name })}
            />
            {canManage && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" size="lg" aria-label={t('products.edit_named', { name: product.name })} onClick={() => onEdit(product)}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('products.delete_named', { name: product.name })} onClick={() => onDelete(product)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
