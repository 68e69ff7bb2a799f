import { useEffect, useRef, useState } from 'react';
import { ActionIcon, ActionIconGroup, Button, CloseButton, Group, TextInput } from '../../../components/lite/index.ts';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowsSort, IconCheck, IconChevronDown, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PAGE_SIZES, PRODUCT_SORTS } from '@tavolo/contracts/menu-codes';
import { DeferredMenu, DeferredTooltip } from '../../../components/ui/deferred-floating.tsx';
import type { MenuFilters, MenuView } from '../hooks/use-menu-filters.ts';

const SEARCH_DELAY_MS = 350;

/** Search, sort, page size and grid/list: everything the guest can change about how the menu is listed. */
export function MenuToolbar({ filters, update }: { filters: MenuFilters; update: (changes: Partial<MenuFilters>, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation('storefront');
  const [input, setInput] = useState(filters.search);
  // The search this input last wrote to the URL, to tell its own changes from back/forward or a reset.
  const written = useRef(filters.search);

  // Typing replaces the history entry instead of adding one per keystroke.
  const commit = useDebouncedCallback((value: string) => {
    const search = value.trim();
    if (search === filters.search) return;
    written.current = search;
    update({ search }, { replace: true });
  }, SEARCH_DELAY_MS);

  // The URL changed from elsewhere: show what it says, and drop a search still waiting to be sent.
  useEffect(() => {
    if (filters.search === written.current) return;
    written.current = filters.search;
    commit.cancel();
    setInput(filters.search);
  }, [filters.search, commit]);

  const clear = () => {
    commit.cancel();
    setInput('');
    if (filters.search) {
      written.current = '';
      update({ search: '' });
    }
  };

  return (
    <Group gap="sm" wrap="wrap" justify="space-between" align="flex-start">
      <TextInput
        type="search"
        value={input}
        onChange={(event) => {
          setInput(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit.flush();
        }}
        placeholder={t('menu.search_placeholder')}
        aria-label={t('menu.search_label')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={input ? <CloseButton size="sm" onClick={clear} aria-label={t('menu.clear_search')} /> : null}
        maxLength={100}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      <Group gap="xs" wrap="nowrap" grow style={{ flex: '1 1 auto', maxWidth: 360 }} justify="flex-end">
        <DeferredMenu
          position="bottom-end"
          shadow="md"
          width={220}
          target={
            <Button variant="default" leftSection={<IconArrowsSort size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={t('menu.sort_label', { sort: t(`sort.${filters.sort}`) })}>
              {t(`sort.${filters.sort}`)}
            </Button>
          }
          label={t('menu.sort_by')}
          items={PRODUCT_SORTS.map((sort) => ({
            key: sort,
            label: t(`sort.${sort}`),
            onClick: () => update({ sort }),
            rightSection: filters.sort === sort ? <IconCheck size={14} aria-hidden /> : null,
            fw: filters.sort === sort ? 600 : undefined,
            'aria-current': filters.sort === sort ? 'true' : undefined,
          }))}
        />
        <DeferredMenu
          position="bottom-end"
          shadow="md"
          width={160}
          target={
            <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={t('menu.page_size_label', { count: filters.perPage })}>
              {t('menu.show', { count: filters.perPage })}
            </Button>
          }
          items={PAGE_SIZES.map((size) => ({
            key: String(size),
            label: t('menu.show', { count: size }),
            onClick: () => update({ perPage: size }),
            rightSection: filters.perPage === size ? <IconCheck size={14} aria-hidden /> : null,
            fw: filters.perPage === size ? 600 : undefined,
          }))}
        />
      </Group>
    </Group>
  );
}

/** Grid or list. */
export function ViewToggle({ view, onChange }: { view: MenuView; onChange: (view: MenuView) => void }) {
  const { t } = useTranslation('storefront');
  return (
    <ActionIconGroup>
      <DeferredTooltip label={t('menu.grid_view')} withArrow>
        <ActionIcon
          size={34}
          variant={view === 'grid' ? 'filled' : 'default'}
          onClick={() => onChange('grid')}
          aria-label={t('menu.grid_view')}
          aria-pressed={view === 'grid'}
        >
          <IconLayoutGrid size={18} />
        </ActionIcon>
      </DeferredTooltip>
      <DeferredTooltip label={t('menu.list_view')} withArrow>
        <ActionIcon
          size={34}
          variant={view === 'list' ? 'filled' : 'default'}
          onClick={() => onChange('list')}
          aria-label={t('menu.list_view')}
          aria-pressed={view === 'list'}
        >
          <IconList size={18} />
        </ActionIcon>
      </DeferredTooltip>
    </ActionIconGroup>
  );
}
