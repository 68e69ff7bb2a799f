import { Button, Chip, Group } from '../../../components/lite/index.ts';
import { IconCheck, IconChevronDown, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { ALLERGENS, DIET_TAGS, type TAllergen } from '@tavolo/contracts/menu-codes';
import { DeferredMenu } from '../../../components/ui/deferred-floating.tsx';
import type { MenuFilters } from '../hooks/use-menu-filters.ts';
import { DIET_ICONS } from './dietary.tsx';

/** Diet chips (the dish must have every chosen one) and "without <allergen>" chips; filtered by the server, kept in the URL. */
export function DietaryFilters({ filters, update }: { filters: MenuFilters; update: (changes: Partial<MenuFilters>) => void }) {
  const { t } = useTranslation('dietary');
  const toggleAllergen = (a: TAllergen) =>
    update({ allergenFree: filters.allergenFree.includes(a) ? filters.allergenFree.filter((x) => x !== a) : ALLERGENS.filter((x) => x === a || filters.allergenFree.includes(x)) });
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('filter_label')}>
      {DIET_TAGS.map((tag) => {
        const { icon: TagIcon, color } = DIET_ICONS[tag];
        const checked = filters.diet.includes(tag);
        return (
          <Chip key={tag} checked={checked} onChange={() => update({ diet: DIET_TAGS.filter((x) => (x === tag ? !checked : filters.diet.includes(x))) })} size="sm" color={color} icon={<TagIcon size={14} aria-hidden />}>
            {t(`diet.${tag}`)}
          </Chip>
        );
      })}
      {filters.allergenFree.map((a) => (
        <Chip key={a} checked size="sm" color="grape" icon={<IconX size={14} aria-hidden />} onChange={() => toggleAllergen(a)} aria-label={t('remove_without', { allergen: t(`allergen.${a}`) })}>
          {t('without', { allergen: t(`allergen.${a}`) })}
        </Chip>
      ))}
      <DeferredMenu
        shadow="md"
        width={220}
        closeOnItemClick={false}
        position="bottom-start"
        // Always below, where the page scrolls on to the last allergen: flipped above the button on a desktop screen,
        // its heading and first allergens were cut off at the top of the window, out of reach.
        middlewares={{ flip: false, shift: true }}
        target={
          <Button size="compact-sm" variant="subtle" color="gray" rightSection={<IconChevronDown size={14} aria-hidden />}>
            {t('allergen_filter')}
          </Button>
        }
        // All fourteen at full length: cut at 320 px, six of them hid below "Tree nuts" with nothing showing they scroll.
        label={t('allergen_filter_hint')}
        items={ALLERGENS.map((a) => ({
          key: a,
          label: t(`allergen.${a}`),
          onClick: () => toggleAllergen(a),
          rightSection: filters.allergenFree.includes(a) ? <IconCheck size={14} aria-hidden /> : null,
          'aria-checked': filters.allergenFree.includes(a),
          role: 'menuitemcheckbox',
        }))}
      />
    </Group>
  );
}
