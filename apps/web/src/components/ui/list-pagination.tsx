import { Group, Pagination, Select, Text } from '@mantine/core';
import type { TFunction } from '@tavolo/contracts/translator';
import type { TPage } from '@tavolo/contracts/envelope';

export const PER_PAGE_CHOICES = ['10', '20', '50'] as const;

/**
 * The foot of a server-paged list: "1–20 of 57", rows per page, and the page buttons. Labels come from the
 * caller's namespace, which has the keys `range`, `per_page`, `per_page_option` and `page_first|previous|next|last|n`.
 */
export function ListPagination({
  page,
  t,
  onChange,
  note,
  perPage = page.per_page,
  choices = PER_PAGE_CHOICES,
}: {
  page: TPage<unknown>;
  t: TFunction;
  onChange: (patch: { page?: number; per_page?: number }) => void;
  note?: string;
  /** The chosen page size (e.g. from the URL), shown at once while the page of that size still loads. */
  perPage?: number;
  choices?: readonly string[];
}) {
  if (page.total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('range', { from: (page.current_page - 1) * page.per_page + 1, to: Math.min(page.current_page * page.per_page, page.total), total: page.total })}
        {note ? ` · ${note}` : ''}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label={t('per_page')}
          data={choices.map((n) => ({ value: n, label: t('per_page_option', { count: Number(n) }) }))}
          value={String(perPage)}
          onChange={(value) => onChange({ per_page: Number(value ?? perPage) })}
          allowDeselect={false}
          w={140}
          size="sm"
        />
        {page.last_page > 1 && (
          <Pagination
            total={page.last_page}
            value={page.current_page}
            onChange={(value) => onChange({ page: value })}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
            getItemProps={(value) => ({ 'aria-label': t('page_n', { page: value }) })}
          />
        )}
      </Group>
    </Group>
  );
}
