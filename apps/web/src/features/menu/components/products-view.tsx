import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconPlus, IconToolsKitchen2 } from '@tabler/icons-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { useTranslation } from '../../../app/i18n.ts';
import type { TAdminProduct } from '@tavolo/contracts/menu';
import { errorMessage } from '../../../lib/forms.ts';
import { useCategories } from '../api/categories-api.ts';
import { useAdminProducts, useBulkProductStatus, useDeleteProduct, useProductRoom } from '../api/products-api.ts';
import { PLAN_PAGE } from '../../../components/ui/plan-limit.tsx';
import { PER_PAGE_OPTIONS, useProductFilters } from '../hooks/use-product-filters.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { ProductCards } from './product-cards.tsx';
import { ProductFormDrawer } from './product-form-drawer.tsx';
import { ProductsTable } from './products-table.tsx';
import { ProductsToolbar } from './products-toolbar.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListSkeleton, ListRefreshState } from '../../../components/ui/query-states.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

/** /dashboard/products: every dish, searched, filtered, sorted and paged on the server. */
export function ProductsView({ canManage, canChangePlan }: { canManage: boolean; canChangePlan: boolean }) {
  const { t } = useTranslation('menu');
  const { t: tPage } = useTranslation('menu', { keyPrefix: 'products' });
  const { filters, query, update } = useProductFilters();
  const products = useAdminProducts(query);
  const categories = useCategories();
  const bulk = useBulkProductStatus();
  const remove = useDeleteProduct();
  const withNotification = useSaveNotification();
  // A full plan is said before a new dish is typed in, not after its save is refused.
  const room = useProductRoom(canManage);
  const full = room.data && room.data.max !== null && room.data.used >= room.data.max ? room.data.max : null;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toggling, setToggling] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ product: TAdminProduct | null } | null>(null);

  // A selection belongs to the rows on screen.
  const queryKey = JSON.stringify(query);
  const [selectionKey, setSelectionKey] = useState(queryKey);
  if (selectionKey !== queryKey) {
    setSelectionKey(queryKey);
    setSelected(new Set());
  }

  const page = products.data;
  // Past the last page (e.g. after deleting its last row): go to the last one.
  useEffect(() => {
    if (page && page.last_page >= 1 && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  const select = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const setStatus = async (ids: string[], isActive: boolean) => {
    setToggling((current) => new Set([...current, ...ids]));
    try {
      await withNotification(() => bulk.mutateAsync({ ids, isActive }));
      return true;
    } catch {
      return false;
    } finally {
      setToggling((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }
  };

  const bulkStatus = async (isActive: boolean) => {
    if (await setStatus([...selected], isActive)) setSelected(new Set());
  };

  const confirmDelete = (product: TAdminProduct) =>
    openConfirm({
      title: t('products.delete_title'),
      centered: true,
      children: (
        <Text size="sm">
          {t('confirm_delete')} <b>{product.name}</b>
        </Text>
      ),
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove
          .mutateAsync(product.id)
          .then(() => notifications.show({ color: 'green', message: t('deleted') }))
          .catch((e: unknown) => notifications.show({ color: 'red', title: t('delete_failed'), message: errorMessage(e) })),
    });

  const filtered = Boolean(filters.search || filters.category_id || filters.status !== 'all');
  const noCategories = categories.isSuccess && categories.data.length === 0;

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('products.title')}
        subtitle={t('products.subtitle')}
        action={
          canManage && (
            // Enabled once the categories are here: the form picks the first as the new dish's category.
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ product: null })} disabled={!categories.isSuccess || noCategories || full !== null}>
              {t('products.add')}
            </Button>
          )
        }
      />

      {full !== null && (
        <Alert color="yellow" role="status" data-testid="products-plan-full">
          {t('products.plan_full', { count: full })}{' '}
          {canChangePlan ? (
            <Anchor component={Link} to={PLAN_PAGE} size="sm" fw={600}>
              {t('products.plan_full_upgrade')}
            </Anchor>
          ) : (
            t('products.plan_full_ask')
          )}
        </Alert>
      )}

      {noCategories && canManage && (
        <Alert color="yellow" role="status">
          {t('products.no_categories')}{' '}
          <Anchor component={Link} to="/dashboard/categories" size="sm" fw={600}>
            {t('products.no_categories_link')}
          </Anchor>
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ProductsToolbar filters={filters} categories={categories.data ?? []} onChange={update} />

          {canManage && selected.size > 0 && (
            <Group gap="sm" p="xs" bg="var(--mantine-primary-color-light)" style={{ borderRadius: 'var(--mantine-radius-sm)' }} role="region" aria-label={t('products.bulk_label')}>
              <Text size="sm" fw={600}>
                {t('products.selected', { count: selected.size })}
              </Text>
              <Button size="xs" variant="filled" leftSection={<IconEye size={14} />} onClick={() => void bulkStatus(true)} loading={bulk.isPending}>
                {t('products.activate')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconEyeOff size={14} />} onClick={() => void bulkStatus(false)} loading={bulk.isPending}>
                {t('products.deactivate')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                {t('products.clear_selection')}
              </Button>
            </Group>
          )}

          {products.isError && !page ? (
            <ListLoadError title={t('load_failed')} error={products.error} retryLabel={t('retry')} onRetry={() => void products.refetch()} retrying={products.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('loading')} />
          ) : page.total === 0 && !filtered ? (
            <ListEmpty icon={<IconToolsKitchen2 size={28} />} title={t('products.empty_title')} text={t('products.empty_text')}>
              {canManage && !noCategories && (
                <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ product: null })}>
                  {t('products.add')}
                </Button>
              )}
            </ListEmpty>
          ) : (
            <div style={{ position: 'relative' }}>
              <ListRefreshState query={products} />
              <Box visibleFrom="sm">
                <ProductsTable
                  products={page.data}
                  filters={filters}
                  selected={selected}
                  canManage={canManage}
                  toggling={toggling}
                  onSelect={select}
                  onSort={(sort, direction) => update({ sort, direction })}
                  onToggle={(product, active) => void setStatus([product.id], active)}
                  onEdit={(product) => setEditing({ product })}
                  onDelete={confirmDelete}
                />
              </Box>
              <Box hiddenFrom="sm">
                <ProductCards
                  products={page.data}
                  selected={selected}
                  canManage={canManage}
                  toggling={toggling}
                  onSelect={select}
                  onToggle={(product, active) => void setStatus([product.id], active)}
                  onEdit={(product) => setEditing({ product })}
                  onDelete={confirmDelete}
                />
              </Box>
              {filtered && page.total === 0 && (
                <Group justify="center" pb="md">
                  <Button variant="subtle" onClick={() => update({ search: '', category_id: null, status: 'all' })}>
                    {t('products.reset_filters')}
                  </Button>
                </Group>
              )}
            </div>
          )}

          {page && <ListPagination page={page} t={tPage} onChange={update} perPage={filters.per_page} choices={PER_PAGE_OPTIONS} />}
        </Stack>
      </Paper>

      <ProductFormDrawer
        opened={Boolean(editing)}
        product={editing?.product ?? null}
        categories={categories.data ?? []}
        defaultCategory={filters.category_id}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
