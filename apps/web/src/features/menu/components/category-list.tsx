import { useState } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TCategory } from '@tavolo/contracts/menu';
import { useReorderCategories, useSaveCategory } from '../api/categories-api.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { ActiveSwitch } from './active-switch.tsx';

interface RowProps {
  category: TCategory;
  position: number;
  canManage: boolean;
  sortable: boolean;
  toggling: boolean;
  onToggle: (category: TCategory, active: boolean) => void;
  onEdit: (category: TCategory) => void;
  onDelete: (category: TCategory) => void;
}

function CategoryRow({ category, position, canManage, sortable, toggling, onToggle, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('menu');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id, disabled: !sortable });

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      component="li"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        listStyle: 'none',
      }}
    >
      <Group wrap="nowrap" gap="sm">
        {canManage && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('categories.drag_handle', { name: category.name, position })}
            disabled={!sortable}
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} truncate="end" c={category.is_active ? undefined : 'dimmed'}>
              {category.name}
            </Text>
            {!category.is_active && (
              <Badge color="gray" variant="light" size="sm">
                {t('status.hidden')}
              </Badge>
            )}
          </Group>
          {/* A description without spaces made the whole page scroll sideways. */}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('categories.products_count', { count: category.products_count })}
            {category.description ? ` · ${category.description}` : ''}
          </Text>
        </Stack>
        <ActiveSwitch
          canManage={canManage}
          active={category.is_active}
          busy={toggling}
          onToggle={(active) => onToggle(category, active)}
          ariaLabel={t('categories.toggle_active', { name: category.name })}
          label={<Text size="sm" visibleFrom="sm">{category.is_active ? t('status.active') : t('status.inactive')}</Text>}
        />
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('edit')}>
              <ActionIcon variant="subtle" size="lg" aria-label={t('categories.edit_named', { name: category.name })} onClick={() => onEdit(category)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('delete')}>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('categories.delete_named', { name: category.name })} onClick={() => onDelete(category)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

interface Props {
  categories: TCategory[];
  canManage: boolean;
  onEdit: (category: TCategory) => void;
  onDelete: (category: TCategory) => void;
}

/** The categories in menu order; drag by the handle (mouse, touch, or Space + arrow keys) to reorder. */
export function CategoryList({ categories, canManage, onEdit, onDelete }: Props) {
  const { t } = useTranslation('menu');
  const reorder = useReorderCategories();
  const save = useSaveCategory();
  const withNotification = useSaveNotification();
  const [toggling, setToggling] = useState<string | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number) => categories.find((c) => c.id === id)?.name ?? '';
  const positionOf = (id: string | number) => categories.findIndex((c) => c.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('categories.dnd.picked', { name: nameOf(active.id), position: positionOf(active.id), total: categories.length }),
    onDragOver: ({ active, over }) => (over ? t('categories.dnd.over', { name: nameOf(active.id), position: positionOf(over.id), total: categories.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('categories.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id), total: categories.length }) : undefined),
    onDragCancel: ({ active }) => t('categories.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = categories.findIndex((c) => c.id === active.id);
    const to = categories.findIndex((c) => c.id === over.id);
    if (from < 0 || to < 0) return;
    const ids = arrayMove(categories, from, to).map((c) => c.id);
    void withNotification(() => reorder.mutateAsync(ids), { success: t('categories.order_saved') }).catch(() => undefined);
  };

  const onToggle = (category: TCategory, active: boolean) => {
    setToggling(category.id);
    void withNotification(() => save.mutateAsync({ id: category.id, input: { name: category.name, description: category.description ?? '', is_active: active } }))
      .catch(() => undefined)
      .finally(() => setToggling(null));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('categories.dnd.instructions') } }}
    >
      <SortableContext items={categories.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ol" gap="xs" p={0} m={0} aria-label={t('categories.list_label')}>
          {categories.map((category, index) => (
            <CategoryRow
              key={category.id}
              category={category}
              position={index + 1}
              canManage={canManage}
              sortable={canManage && categories.length > 1}
              toggling={toggling === category.id}
              onToggle={onToggle}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
