import { Group, Skeleton, Tabs } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPublicCategory } from '@tavolo/contracts/storefront';

const ALL = 'all';

/** 'All Categories' plus the restaurant's active categories in menu order; scrolls sideways on small screens. */
export function CategoryTabs({
  categories,
  loading,
  value,
  onChange,
}: {
  categories: TPublicCategory[];
  loading: boolean;
  value: string | null;
  onChange: (category: string | null) => void;
}) {
  const { t } = useTranslation('storefront');
  if (loading) {
    return (
      <Group gap="xs" wrap="nowrap" aria-hidden>
        {[120, 90, 80, 90, 100].map((w, i) => (
          <Skeleton key={i} height={34} width={w} radius="xl" />
        ))}
      </Group>
    );
  }
  return (
    <Tabs value={value ?? ALL} onChange={(next) => onChange(!next || next === ALL ? null : next)} variant="pills" radius="xl" activateTabWithKeyboard={false}>
      <Tabs.List
        aria-label={t('menu.categories')}
        style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin', paddingBottom: 4 }}
      >
        <Tabs.Tab value={ALL} style={{ flexShrink: 0 }} fw={600}>
          {t('menu.all_categories')}
        </Tabs.Tab>
        {categories.map((category) => (
          <Tabs.Tab key={category.id} value={category.id} style={{ flexShrink: 0 }} fw={600}>
            {category.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
