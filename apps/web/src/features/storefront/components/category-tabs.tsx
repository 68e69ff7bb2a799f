import { Group, PillTabs, Skeleton } from '../../../components/lite/index.ts';
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
    <PillTabs
      label={t('menu.categories')}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? null : next)}
      radius="xl"
      tabs={[{ value: ALL, label: t('menu.all_categories') }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
      listStyle={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin', paddingBottom: 4 }}
      tabStyle={{ flexShrink: 0, fontWeight: 600 }}
    />
  );
}
