import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TCategory } from '@tavolo/contracts/menu';
import { AppError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useDeleteCategory } from '../api/categories-api.ts';

interface Props {
  category: TCategory | null;
  categories: TCategory[];
  onClose: () => void;
}

/**
 * 'Are you sure you want to delete this item?'. A category that still has products is refused (409); then the
 * products can move to another category in the same step. Render it with `key={category?.id}` so each category starts afresh.
 */
export function DeleteCategoryModal({ category, categories, onClose }: Props) {
  const { t } = useTranslation('menu');
  const remove = useDeleteCategory();
  const [conflict, setConflict] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState<string | null>(null);

  const others = categories.filter((c) => c.id !== category?.id);

  const run = async () => {
    if (!category) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: category.id, moveTo: conflict ? (moveTo ?? undefined) : undefined });
      notifications.show({ color: 'green', message: t('deleted') });
      onClose();
    } catch (e) {
      if (e instanceof AppError && e.code === 'CONFLICT' && !conflict) setConflict(e.message);
      else setError(errorMessage(e));
    }
  };

  return (
    <Modal opened={Boolean(category)} onClose={onClose} title={t('categories.delete_title')} centered>
      <Stack>
        {!conflict ? (
          // Named, as a dish's deletion is: the dialog stands over the list, not next to the row that opened it.
          <Text>
            {t('confirm_delete')} <b>{category?.name}</b>
          </Text>
        ) : (
          <>
            <Alert color="yellow" icon={<IconAlertTriangle />} role="status">
              {conflict}
            </Alert>
            {others.length ? (
              <Select
                label={t('categories.move_to')}
                description={t('categories.move_to_hint', { count: category?.products_count ?? 0 })}
                placeholder={t('categories.move_to_placeholder')}
                data={others.map((c) => ({ value: c.id, label: c.name }))}
                value={moveTo}
                onChange={setMoveTo}
                searchable
                required
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('categories.no_other_category')}
              </Text>
            )}
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={() => void run()} loading={remove.isPending} disabled={Boolean(conflict) && !moveTo}>
            {conflict ? t('categories.move_and_delete') : t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
