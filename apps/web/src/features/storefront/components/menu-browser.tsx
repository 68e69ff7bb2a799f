import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Card, CardSection, Center, Group, Loader, Pagination, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '../../../components/lite/index.ts';
import { IconAlertTriangle, IconSalad } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { usePublicCategories, usePublicProducts } from '../hooks/use-storefront-data.ts';
import { useMenuFilters, type MenuView } from '../hooks/use-menu-filters.ts';
import { CategoryTabs } from './category-tabs.tsx';
import { DietaryFilters } from './dietary-filters.tsx';
import { MenuToolbar, ViewToggle } from './menu-toolbar.tsx';
import { ProductCard } from './product-card.tsx';

/** The cards of the widest grid's first row: on screen at once, so their pictures are not lazy. */
const FIRST_ROW = 3;

function ProductsSkeleton({ view, count }: { view: MenuView; count: number }) {
  const cards = Array.from({ length: Math.min(count, 6) }, (_, i) => (
    <Card key={i} withBorder radius="md" padding="md">
      {view === 'grid' && (
        <CardSection>
          <Skeleton height={190} radius={0} />
        </CardSection>
      )}
      <Stack gap={8} style={view === 'grid' ? { marginTop: 'var(--mantine-spacing-md)' } : undefined}>
        <Skeleton height={18} width="70%" />
        <Skeleton height={12} width="30%" />
        <Skeleton height={12} width="90%" />
        <Skeleton height={22} width="40%" style={{ marginTop: 'var(--mantine-spacing-xs)' }} />
      </Stack>
    </Card>
  ));
  return view === 'grid' ? <SimpleGrid className="tavolo-dish-grid">{cards}</SimpleGrid> : <Stack>{cards}</Stack>;
}

/** The menu: categories, search, sort, size, view and pages; the API does the filtering (SPEC §2.2). */
export function MenuBrowser({
  currencySymbol,
  defaultView = 'grid',
  renderAction,
}: {
  currencySymbol: string;
  defaultView?: MenuView;
  /** The card's call to action (add to cart), supplied by the page so this feature needs no cart code. */
  renderAction?: (product: TPublicProduct) => ReactNode;
}) {
  const { t } = useTranslation('storefront');
  const { filters, query, update } = useMenuFilters(defaultView);
  const categories = usePublicCategories();
  const products = usePublicProducts(query);
  const top = useRef<HTMLDivElement>(null);
  const page = products.data;

  // A category that no longer exists (old link) shows the whole menu instead of nothing.
  useEffect(() => {
    if (filters.category && categories.data && !categories.data.some((c) => c.id === filters.category)) update({ category: null }, { replace: true });
  }, [filters.category, categories.data, update]);

  // A page past the end (the menu got shorter since the link was made) shows the last page.
  useEffect(() => {
    if (page && !products.isPlaceholderData && filters.page > page.last_page) update({ page: page.last_page }, { replace: true });
  }, [page, products.isPlaceholderData, filters.page, update]);

  const goToPage = (next: number) => {
    update({ page: next });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const filtered = Boolean(filters.category || filters.search || filters.diet.length || filters.allergenFree.length);
  const from = page && page.total ? (page.current_page - 1) * page.per_page + 1 : 0;
  const to = page ? Math.min(page.total, page.current_page * page.per_page) : 0;

  return (
    <Stack gap="md">
      <div ref={top} style={{ scrollMarginTop: 80 }}>
        <CategoryTabs categories={categories.data ?? []} loading={categories.isPending} value={filters.category} onChange={(category) => update({ category })} />
      </div>
      <MenuToolbar filters={filters} update={update} />
      <DietaryFilters filters={filters} update={update} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {/* Said for no match too: on a phone the empty card is below the filters, out of sight of the search field. */}
          <Text size="sm" c="dimmed" aria-live="polite">
            {page && (page.total > 0 ? t('menu.showing', { from, to, count: page.total }) : t('menu.showing_none'))}
          </Text>
          {products.isFetching && products.isPlaceholderData && <Loader size="xs" aria-label={t('menu.updating')} />}
        </Group>
        <ViewToggle view={filters.view} onChange={(view) => update({ view })} />
      </Group>

      {products.isError && !page ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('menu.load_failed_title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('menu.load_failed_text')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => products.refetch()}>
              {t('menu.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !page ? (
        <ProductsSkeleton view={filters.view} count={filters.perPage} />
      ) : page.total === 0 ? (
        <Card withBorder radius="md" style={{ paddingBlock: 48 }}>
          <Stack align="center" gap="sm" style={{ textAlign: 'center' }}>
            <ThemeIcon size={64} radius={64} variant="light" color="gray">
              <IconSalad size={34} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {filtered ? t('menu.empty_filtered_title') : t('menu.empty_title')}
            </Title>
            <Text c="dimmed" size="sm" style={{ maxWidth: 420 }}>
              {filtered ? t('menu.empty_filtered_text') : t('menu.empty_text')}
            </Text>
            {filtered && (
              <Button variant="light" onClick={() => update({ category: null, search: '', diet: [], allergenFree: [] })}>
                {t('menu.show_all')}
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          <div style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={products.isPlaceholderData}>
            {filters.view === 'grid' ? (
              <SimpleGrid className="tavolo-dish-grid" spacing="md">
                {page.data.map((product, i) => (
                  <ProductCard key={product.id} product={product} symbol={currencySymbol} view="grid" action={renderAction?.(product)} priority={i < FIRST_ROW} />
                ))}
              </SimpleGrid>
            ) : (
              <Stack gap="sm">
                {page.data.map((product, i) => (
                  <ProductCard key={product.id} product={product} symbol={currencySymbol} view="list" action={renderAction?.(product)} priority={i < FIRST_ROW} />
                ))}
              </Stack>
            )}
          </div>
          {page.last_page > 1 && (
            <Center style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <Pagination
                total={page.last_page}
                value={Math.min(filters.page, page.last_page)}
                onChange={goToPage}
                withEdges={page.last_page > 5}
                controlLabel={(control) => t(`pagination.${control}`)}
                pageLabel={(item) => t('pagination.page', { page: item })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
