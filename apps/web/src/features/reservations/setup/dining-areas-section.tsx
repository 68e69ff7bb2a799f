import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconLayoutGrid, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDiningArea, TDiningTable } from '@tavolo/contracts/reservations';
import { ListEmpty } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { setupApi, useSetupMutation } from '../api/setup-api.ts';
import { AreaFormModal } from './area-form-modal.tsx';
import { TableFormModal } from './table-form-modal.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

type Editing = { kind: 'area'; area: TDiningArea | null } | { kind: 'table'; areaId: string; table: TDiningTable | null } | null;

/** The dining areas, each a card with its tables; `canManage` adds the controls to change them. */
export function DiningAreasSection({ areas, canManage }: { areas: TDiningArea[]; canManage: boolean }) {
  const { t } = useTranslation('reservation-setup');
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useSetupMutation(({ kind, id }: { kind: 'area' | 'table'; id: string }) => (kind === 'area' ? setupApi.deleteArea(id) : setupApi.deleteTable(id)));
  const toggle = useSetupMutation((table: TDiningTable) => setupApi.updateTable(table.id, { ...table, active: !table.active }));

  const confirmDelete = (kind: 'area' | 'table', id: string, name: string) =>
    openConfirm({
      title: t(`${kind === 'area' ? 'areas' : 'tables'}.delete_title`, { name }),
      children: <Text size="sm">{t(`${kind === 'area' ? 'areas' : 'tables'}.delete_text`)}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () =>
        remove.mutate(
          { kind, id },
          {
            onSuccess: (result) => notifications.show({ color: 'teal', message: result.message ?? t(`${kind === 'area' ? 'areas' : 'tables'}.deleted`) }),
            // A table with bookings still to come is refused (409) with the server's explanation.
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), autoClose: 8000 }),
          },
        ),
    });

  const toggleActive = (table: TDiningTable) =>
    toggle.mutate(table, { onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ flex: '1 1 320px' }}>
          <Title order={3} size="h4">
            {t('areas.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('areas.hint')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'area', area: null })}>
            {t('areas.add')}
          </Button>
        )}
      </Group>

      {areas.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <ListEmpty icon={<IconLayoutGrid size={28} />} title={t('areas.empty_title')} text={t('areas.empty_text')} />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {areas.map((area) => (
            <Paper key={area.id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={area.name} data-area={area.name}>
              <Group justify="space-between" wrap="nowrap" mb="sm">
                <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
                  {area.name}
                </Title>
                {canManage && (
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ kind: 'table', areaId: area.id, table: null })}>
                      {t('tables.add')}
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('areas.actions', { name: area.name })}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing({ kind: 'area', area })}>
                          {t('areas.rename')}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete('area', area.id, area.name)}>
                          {t('delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                )}
              </Group>
              {area.tables.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('areas.no_tables')}
                </Text>
              ) : (
                <Stack gap={0}>
                  {area.tables.map((table) => (
                    <TableRow
                      key={table.id}
                      table={table}
                      canManage={canManage}
                      onToggle={() => toggleActive(table)}
                      onEdit={() => setEditing({ kind: 'table', areaId: area.id, table })}
                      onDelete={() => confirmDelete('table', table.id, table.name)}
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <AreaFormModal opened={editing?.kind === 'area'} area={editing?.kind === 'area' ? editing.area : null} onClose={() => setEditing(null)} />
      <TableFormModal
        opened={editing?.kind === 'table'}
        areas={areas}
        areaId={editing?.kind === 'table' ? editing.areaId : ''}
        table={editing?.kind === 'table' ? editing.table : null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function TableRow({ table, canManage, onToggle, onEdit, onDelete }: { table: TDiningTable; canManage: boolean; onToggle: () => void; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('reservation-setup');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-table={table.name}>
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} c={table.active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {table.name}
          </Text>
          {table.joinable && (
            <Badge size="sm" variant="light" color="blue">
              {t('tables.joinable_badge')}
            </Badge>
          )}
          {!table.active && (
            <Badge size="sm" variant="light" color="gray">
              {t('tables.inactive_badge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {table.min_seats === table.max_seats ? t('tables.seats_one', { max: table.max_seats }) : t('tables.seats', { min: table.min_seats, max: table.max_seats })}
        </Text>
      </div>
      {canManage && (
        <Group gap={4} wrap="nowrap">
          <Switch checked={table.active} onChange={onToggle} aria-label={t('tables.active_on', { name: table.name })} mr={4} />
          <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('tables.edit_label', { name: table.name })}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('tables.delete_label', { name: table.name })}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
