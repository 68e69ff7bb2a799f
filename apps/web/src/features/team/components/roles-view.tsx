import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Modal, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@tavolo/contracts/permissions';
import type { TTeamRealm, TTeamRole } from '@tavolo/contracts/team';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { teamApi, useTeamMutation, useTeamRoles } from '../api/team-api.ts';
import { roleLabel } from './labels.ts';
import { RoleFormModal } from './role-form-modal.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

/** 'Are you sure you want to delete this role?'; a role in use asks where its users go. */
function DeleteRoleModal({ realm, role, roles, onClose }: { realm: TTeamRealm; role: TTeamRole | null; roles: TTeamRole[]; onClose: () => void }) {
  const { t } = useTranslation('team');
  const [target, setTarget] = useState<string | null>(null);
  const remove = useTeamMutation(realm, ({ id, reassignTo }: { id: string; reassignTo?: string }) => teamApi.deleteRole(realm, id, reassignTo));
  const inUse = (role?.users_count ?? 0) > 0;
  const close = () => {
    setTarget(null);
    onClose();
  };
  const confirm = () => {
    if (!role) return;
    remove.mutate(
      { id: role.id, reassignTo: inUse ? (target ?? undefined) : undefined },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.message ?? t('roles.messages.deleted') });
          close();
        },
        onError: (error) => notifications.show({ color: 'red', title: t('roles.messages.delete_failed'), message: error.message }),
      },
    );
  };
  return (
    <Modal opened={role !== null} onClose={close} title={role ? roleLabel(t, role) : ''}>
      <Stack gap="sm">
        <Text size="sm">{t('roles.confirm_delete')}</Text>
        {inUse && (
          <Select
            label={t('roles.delete_in_use_label')}
            description={t('roles.delete_in_use', { count: role!.users_count })}
            required
            data={roles.filter((r) => r.id !== role!.id).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
            value={target}
            onChange={setTarget}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            {t('roles.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={inUse && !target}>
            {t('roles.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RoleActions({ role, onEdit, onDelete }: { role: TTeamRole; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('team');
  const name = roleLabel(t, role);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`${t('roles.edit')}: ${name}`}>
        {t('roles.edit')}
      </Button>
      <Tooltip label={t('roles.system_delete_hint')} disabled={!role.is_system} withinPortal>
        <Box>
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} disabled={role.is_system} aria-label={`${t('roles.delete')}: ${name}`}>
            {t('roles.delete')}
          </Button>
        </Box>
      </Tooltip>
    </Group>
  );
}

function RoleName({ role }: { role: TTeamRole }) {
  const { t } = useTranslation('team');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600}>
        {roleLabel(t, role)}
      </Text>
      {role.is_system && (
        <Badge size="xs" variant="light" color="gray" leftSection={role.is_locked ? <IconLock size={10} /> : undefined}>
          {t('roles.system')}
        </Badge>
      )}
    </Group>
  );
}

/** /dashboard/roles of a restaurant or of the platform. */
export function RolesView({ realm, planPage }: { realm: TTeamRealm; planPage?: string }) {
  const { t } = useTranslation('team');
  const roles = useTeamRoles(realm);
  const [editing, setEditing] = useState<{ role: TTeamRole | null } | null>(null);
  const [deleting, setDeleting] = useState<TTeamRole | null>(null);
  const restore = useTeamMutation(realm, () => teamApi.restoreDefaults(realm));
  const total = (realm === 'tenant' ? PERMISSIONS : PLATFORM_PERMISSIONS).length;
  const list = roles.data?.roles ?? [];
  const customAllowed = roles.data?.custom_roles_allowed ?? true;

  const askRestore = () =>
    openConfirm({
      title: t('roles.restore'),
      children: <Text size="sm">{t('roles.restore_confirm')}</Text>,
      labels: { confirm: t('roles.restore'), cancel: t('roles.cancel') },
      onConfirm: () =>
        restore.mutate(undefined, {
          onSuccess: (result) => notifications.show({ color: 'teal', message: result.message }),
          onError: (error) => notifications.show({ color: 'red', title: t('roles.messages.init_failed'), message: error.message }),
        }),
    });

  const permissionsText = (role: TTeamRole) => (role.is_locked ? t('roles.locked') : t('roles.permissions_count', { count: role.permissions.length, total }));

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('roles.title')}
        subtitle={t('roles.subtitle')}
        action={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconRestore size={16} />} onClick={askRestore} loading={restore.isPending}>
              {t('roles.restore')}
            </Button>
            <Tooltip label={t('roles.free_title')} disabled={customAllowed} withinPortal>
              <Box>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ role: null })} disabled={!customAllowed}>
                  {t('roles.add')}
                </Button>
              </Box>
            </Tooltip>
          </Group>
        }
      />
      {!customAllowed && (
        <Alert color="yellow" title={t('roles.free_title')} data-testid="custom-roles-hint">
          <Text size="sm">{t('roles.free_text')}</Text>
          {planPage && (
            <Anchor component={Link} to={planPage} size="sm" fw={600}>
              {t('roles.free_link')}
            </Anchor>
          )}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {roles.isPending ? (
          <ListSkeleton label={t('roles.title')} rows={3} />
        ) : roles.isError ? (
          <ListLoadError title={t('roles.messages.init_failed')} error={roles.error} retryLabel={t('roles.retry')} onRetry={() => roles.refetch()} retrying={roles.isFetching} />
        ) : (
          <>
            <Box visibleFrom="sm">
              <Table verticalSpacing="sm" highlightOnHover data-testid="roles-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('roles.columns.role')}</Table.Th>
                    <Table.Th>{t('roles.columns.permissions')}</Table.Th>
                    <Table.Th>{t('roles.columns.users')}</Table.Th>
                    <Table.Th ta="right">{t('roles.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((role) => (
                    <Table.Tr key={role.id} data-testid="role-row">
                      <Table.Td>
                        <RoleName role={role} />
                      </Table.Td>
                      <Table.Td>{permissionsText(role)}</Table.Td>
                      <Table.Td>{t('roles.users_count', { count: role.users_count })}</Table.Td>
                      <Table.Td>
                        <RoleActions role={role} onEdit={() => setEditing({ role })} onDelete={() => setDeleting(role)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Stack gap="xs" hiddenFrom="sm">
              {list.map((role) => (
                <Paper key={role.id} withBorder radius="md" p="sm" data-testid="role-card">
                  <RoleName role={role} />
                  <Text size="xs" c="dimmed" mt={4}>
                    {permissionsText(role)} · {t('roles.users_count', { count: role.users_count })}
                  </Text>
                  <Box mt={6}>
                    <RoleActions role={role} onEdit={() => setEditing({ role })} onDelete={() => setDeleting(role)} />
                  </Box>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Paper>
      <RoleFormModal realm={realm} opened={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      <DeleteRoleModal realm={realm} role={deleting} roles={list} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
