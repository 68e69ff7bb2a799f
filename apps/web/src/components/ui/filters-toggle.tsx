import { useId, useState, type ReactNode } from 'react';
import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';

/*
 * A list's less used filters behind a "Filters" button on phones (below `xs`): stacked one per row, they pushed the
 * first item of the list below the first screen. From `xs` up the button is gone and the filters always show.
 */

export interface FiltersToggleState {
  id: string;
  shown: boolean;
  toggle: () => void;
}

/** Whether the phone shows the hidden filters; give it to both FiltersButton and FiltersPanel. */
export function useFiltersToggle(): FiltersToggleState {
  const id = useId();
  const [shown, setShown] = useState(false);
  return { id, shown, toggle: () => setShown((value) => !value) };
}

/** "Filters", or "Filters (2)" when `count` of the hidden filters are in use; phones only. */
export function FiltersButton({ state, count, ...props }: { state: FiltersToggleState; count: number } & ButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button
      hiddenFrom="xs"
      variant={count ? 'light' : 'default'}
      leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
      aria-expanded={state.shown}
      aria-controls={state.id}
      onClick={state.toggle}
      {...props}
    >
      {count ? t('filters.toggle_count', { count }) : t('filters.toggle')}
    </Button>
  );
}

/**
 * The filters the button shows and hides. `inline`: from `xs` up the fields are items of the surrounding row
 * (display: contents), so wider screens keep the layout they had without the panel.
 */
export function FiltersPanel({ state, inline = false, children, ...props }: { state: FiltersToggleState; inline?: boolean; children: ReactNode } & GroupProps) {
  return (
    <Group id={state.id} gap="sm" align="flex-end" wrap="wrap" display={{ base: state.shown ? 'flex' : 'none', xs: inline ? 'contents' : 'flex' }} {...props}>
      {children}
    </Group>
  );
}
