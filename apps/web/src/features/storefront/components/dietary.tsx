import { ActionIcon, Group, Text, ThemeIcon } from '../../../components/lite/index.ts';
import { IconInfoCircle, IconLeaf, IconPepper, IconSalad, IconWheatOff, type Icon } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TAllergen, TDietTag } from '@tavolo/contracts/menu-codes';
import { DeferredPopover, DeferredTooltip } from '../../../components/ui/deferred-floating.tsx';

export const DIET_ICONS: Record<TDietTag, { icon: Icon; color: string }> = {
  vegan: { icon: IconLeaf, color: 'green' },
  vegetarian: { icon: IconSalad, color: 'lime' },
  gluten_free: { icon: IconWheatOff, color: 'yellow' },
  spicy: { icon: IconPepper, color: 'red' },
};

/** Diet tag icons with their names as labels (tooltips for sighted users, aria for screen readers). */
export function DietIcons({ tags }: { tags: TDietTag[] }) {
  const { t } = useTranslation('dietary');
  if (!tags.length) return null;
  return (
    <Group gap={4} role="list" aria-label={t('diet_label')}>
      {tags.map((tag) => {
        const { icon: TagIcon, color } = DIET_ICONS[tag];
        return (
          <DeferredTooltip key={tag} label={t(`diet.${tag}`)} withArrow>
            <ThemeIcon role="listitem" size="sm" radius="xl" variant="light" color={color} aria-label={t(`diet.${tag}`)}>
              <TagIcon size={14} aria-hidden />
            </ThemeIcon>
          </DeferredTooltip>
        );
      })}
    </Group>
  );
}

/** The dish's allergens behind a small info button. */
export function AllergenInfo({ allergens, name }: { allergens: TAllergen[]; name: string }) {
  const { t } = useTranslation('dietary');
  if (!allergens.length) return null;
  const list = allergens.map((a) => t(`allergen.${a}`)).join(', ');
  return (
    <DeferredPopover
      width={240}
      position="top"
      withArrow
      shadow="md"
      target={
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('allergens_of', { name })}>
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      }
    >
      <Text size="xs" fw={600}>
        {t('contains')}
      </Text>
      <Text size="sm">{list}</Text>
    </DeferredPopover>
  );
}
