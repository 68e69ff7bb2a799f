import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOptionGroup } from '@tavolo/contracts/ordering';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { money } from '../../../lib/format.ts';
import { useCurrencySymbol } from '../../../lib/currencies.ts';
import { useDeleteOptionGroup, useOptionGroups } from '../api/option-groups-api.ts';
import { OptionGroupFormModal } from './option-group-form-modal.tsx';

/** "Required, pick 1" / "Optional, up to 3" / "Required, 2 to 4". */
export function useGroupRule() {
  const { t } = useTranslation('menu');
  return (g: Pick<TOptionGroup, 'min_select' | 'max_select'>) =>
    g.min_select === 0
      ? t('options.rule_optional', { count: g.max_select })
      : g.min_select === g.max_select
        ? t('options.rule_exactly', { count: g.min_select })
        : t('options.rule_between', { min: g.min_select, max: g.max_select });
}

const delta = (cents: number, symbol: string) => (cents === 0 ? '' : `${cents > 0 ? '+' : '−'}${money(Math.abs(cents), symbol)}`);

function GroupCard({ group, canManage, onEdit, onDelete }: { group: TOptionGroup; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('menu');
  const rule = useGroupRule();
  const symbol = useCurrencySymbol();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={group.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text fw={700} component="h2" fz="md" m={0}>
            {group.name}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color={group.min_select > 0 ? 'red' : 'gray'}>
              {rule(group)}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('options.used_by', { count: group.products_count })}
            </Text>
          </Group>
        </Stack>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('options.edit_named', { name: group.name })}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('options.delete_named', { name: group.name })}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <Stack gap={4} mt="sm" role="list">
        {group.options.map((o) => (
          <Group key={o.id} justify="space-between" gap="xs" role="listitem" wrap="nowrap">
            <Text size="sm" c={o.is_active ? undefined : 'dimmed'} td={o.is_active ? undefined : 'line-through'} truncate>
              {o.name}
              {!o.is_active && ` (${t('options.inactive')})`}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {delta(o.price_delta_cents, symbol)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /dashboard/option-groups: the shared choices dishes offer (size, extras), edited once for every dish. */
export function OptionGroupsView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('menu');
  const groups = useOptionGroups();
  const remove = useDeleteOptionGroup();
  const [editing, setEditing] = useState<{ group: TOptionGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<TOptionGroup | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      notifications.show({ color: 'green', message: t('deleted') });
      setDeleting(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t('options.title')}
        subtitle={t('options.subtitle')}
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ group: null })}>
              {t('options.add')}
            </Button>
          )
        }
      />
      {groups.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('load_failed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(groups.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => groups.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : groups.data.length === 0 ? (
        <Card withBorder radius="md" py={40}>
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={56} radius={56} variant="light">
              <IconAdjustments size={30} />
            </ThemeIcon>
            <Text fw={600}>{t('options.empty_title')}</Text>
            <Text size="sm" c="dimmed" maw={440}>
              {t('options.empty_text')}
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {groups.data.map((g) => (
            <GroupCard key={g.id} group={g} canManage={canManage} onEdit={() => setEditing({ group: g })} onDelete={() => setDeleting(g)} />
          ))}
        </SimpleGrid>
      )}

      <OptionGroupFormModal opened={editing !== null} group={editing?.group ?? null} onClose={() => setEditing(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('options.delete_title')} centered>
        <Stack>
          <Text>{deleting && deleting.products_count > 0 ? t('options.delete_used', { count: deleting.products_count, name: deleting.name }) : t('confirm_delete')}</Text>
          {deleteError && (
            <Alert color="red" role="alert">
              {deleteError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
