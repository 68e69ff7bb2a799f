import { useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCategory, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { useTranslation } from '../../../app/i18n.ts';
import type { TCategory } from '@tavolo/contracts/menu';
import { useCategories } from '../api/categories-api.ts';
import { CategoryFormModal } from './category-form-modal.tsx';
import { CategoryList } from './category-list.tsx';
import { DeleteCategoryModal } from './delete-category-modal.tsx';

/** /dashboard/categories: the menu's sections, their order and visibility. */
export function CategoriesView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('menu');
  const categories = useCategories();
  const [editing, setEditing] = useState<{ category: TCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<TCategory | null>(null);
  const list = categories.data ?? [];

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t('categories.title')}
        subtitle={canManage ? t('categories.subtitle') : t('categories.subtitle_readonly')}
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null })}>
              {t('categories.add')}
            </Button>
          )
        }
      />

      <Alert variant="light" color="blue" icon={<IconEyeOff />} role="note">
        {t('categories.inactive_hint')}
      </Alert>

      {categories.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('load_failed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{categories.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void categories.refetch()} loading={categories.isFetching}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : categories.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </Stack>
      ) : list.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
              <IconCategory size={28} />
            </ThemeIcon>
            <Text fw={600}>{t('categories.empty_title')}</Text>
            <Text c="dimmed" size="sm" maw={420}>
              {t('categories.empty_text')}
            </Text>
            {canManage && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null })}>
                {t('categories.add')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {canManage && list.length > 1 && (
            <Text size="sm" c="dimmed">
              {t('categories.drag_hint')}
            </Text>
          )}
          <CategoryList categories={list} canManage={canManage} onEdit={(category) => setEditing({ category })} onDelete={setDeleting} />
        </>
      )}

      <CategoryFormModal opened={Boolean(editing)} category={editing?.category ?? null} onClose={() => setEditing(null)} />
      <DeleteCategoryModal key={deleting?.id ?? 'none'} category={deleting} categories={list} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
