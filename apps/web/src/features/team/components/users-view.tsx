import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Menu, Paper, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMailForward, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { TEAM_USER_STATUSES, type TTeamRealm, type TTeamRole, type TTeamUser } from '@tavolo/contracts/team';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListRefreshState, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { relativeTime } from '../../../lib/format.ts';
import { teamApi, useRoleOptions, useTeamMutation, useTeamUsers } from '../api/team-api.ts';
import { useUserFilters } from '../hooks/use-user-filters.ts';
import { roleLabel } from './labels.ts';
import { UserFormModal } from './user-form-modal.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

const STATUS_COLOR = { active: 'teal', deactivated: 'gray', invited: 'blue' } as const;

type Action = 'edit' | 'deactivate' | 'reactivate' | 'resend-invite' | 'delete';

function StatusBadge({ user }: { user: TTeamUser }) {
  const { t } = useTranslation('team');
  return (
    <Badge variant="light" color={STATUS_COLOR[user.status]} size="sm">
      {t(`status.${user.status}`)}
    </Badge>
  );
}

/** Why an action is not offered to this row (self or last admin), or null when it is. */
function blockedReason(t: (key: string) => string, user: TTeamUser, action: Action): string | null {
  if (action === 'deactivate' || action === 'delete') {
    if (user.is_self) return t('users.self_hint');
    if (user.is_last_admin) return t('users.last_admin_hint');
  }
  return null;
}

function UserActions({ user, onAction }: { user: TTeamUser; onAction: (user: TTeamUser, action: Action) => void }) {
  const { t } = useTranslation('team');
  const items: { action: Action; label: string; icon: ReactNode; color?: string }[] = [
    { action: 'edit', label: t('users.edit'), icon: <IconPencil size={16} /> },
    ...(user.status === 'invited' ? [{ action: 'resend-invite' as const, label: t('users.resend'), icon: <IconMailForward size={16} /> }] : []),
    user.status === 'deactivated'
      ? { action: 'reactivate' as const, label: t('users.reactivate'), icon: <IconPlayerPlay size={16} /> }
      : { action: 'deactivate' as const, label: t('users.deactivate'), icon: <IconPlayerPause size={16} /> },
    { action: 'delete', label: t('users.delete'), icon: <IconTrash size={16} />, color: 'red' },
  ];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actions_label', { name: user.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => {
          const reason = blockedReason(t, user, item.action);
          const entry = (
            <Menu.Item key={item.action} leftSection={item.icon} color={item.color} disabled={Boolean(reason)} onClick={() => onAction(user, item.action)}>
              {item.label}
            </Menu.Item>
          );
          return reason ? (
            <Tooltip key={item.action} label={reason} position="left" multiline w={220} withinPortal>
              <div>{entry}</div>
            </Tooltip>
          ) : (
            entry
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

function LastSeen({ user }: { user: TTeamUser }) {
  const { t } = useTranslation('team');
  return <>{user.last_seen_at ? relativeTime(user.last_seen_at) : t('users.never')}</>;
}

function NameCell({ user }: { user: TTeamUser }) {
  const { t } = useTranslation('team');
  return (
    <Box miw={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {user.name}
        </Text>
        {user.is_self && (
          <Badge size="xs" variant="outline">
            {t('users.you')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {user.email}
      </Text>
    </Box>
  );
}

/** /dashboard/users of a restaurant or of the platform: the team, searched, filtered and paged on the server. */
export function UsersView({ realm, planPage }: { realm: TTeamRealm; planPage?: string }) {
  const { t } = useTranslation('team');
  const { t: tPage } = useTranslation('team', { keyPrefix: 'users' });
  const { filters, update } = useUserFilters();
  const [search, setSearch] = useDebouncedSearch(filters.search, (value) => update({ search: value }));
  const query = { search: filters.search || undefined, role_id: filters.role_id || undefined, status: filters.status || undefined, page: filters.page, per_page: filters.per_page };
  const users = useTeamUsers(realm, query);
  const roles = useRoleOptions(realm);
  const roleList: TTeamRole[] = roles.data?.roles ?? [];
  const [editing, setEditing] = useState<{ user: TTeamUser | null } | null>(null);
  const act = useTeamMutation(realm, ({ user, action }: { user: TTeamUser; action: Exclude<Action, 'edit'> }) =>
    action === 'delete' ? teamApi.deleteUser(realm, user.id) : teamApi.userAction(realm, user.id, action),
  );
  const page = users.data;

  useEffect(() => {
    if (page && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  const run = (user: TTeamUser, action: Exclude<Action, 'edit'>) =>
    act.mutate(
      { user, action },
      {
        onSuccess: (result) => notifications.show({ color: 'teal', message: result.message }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );

  const onAction = (user: TTeamUser, action: Action) => {
    if (action === 'edit') setEditing({ user });
    else if (action === 'delete') {
      openConfirm({
        title: t('users.confirm_title'),
        children: (
          <Stack gap={4}>
            <Text size="sm">{t('users.confirm_delete')}</Text>
            <Text size="sm" c="dimmed">
              {t('users.confirm_delete_hint', { name: user.name })}
            </Text>
          </Stack>
        ),
        labels: { confirm: t('users.delete'), cancel: t('users.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => run(user, 'delete'),
      });
    } else if (action === 'deactivate') {
      openConfirm({
        title: t('users.confirm_deactivate_title'),
        children: <Text size="sm">{t('users.confirm_deactivate', { name: user.name })}</Text>,
        labels: { confirm: t('users.deactivate'), cancel: t('users.cancel') },
        onConfirm: () => run(user, 'deactivate'),
      });
    } else run(user, action);
  };

  const roleName = (user: TTeamUser) => roleLabel(t, { name: user.role_name, is_system: user.role_is_system });

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('users.title')}
        subtitle={realm === 'tenant' ? t('users.subtitle') : t('users.subtitle_platform')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ user: null })}>
            {t('users.add')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: '1 1 240px' }}
              leftSection={<IconSearch size={16} aria-hidden />}
              placeholder={t('users.search_placeholder')}
              aria-label={t('users.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Select
              style={{ flex: '1 1 160px' }}
              label={t('users.filter_role')}
              placeholder={t('users.all_roles')}
              clearable
              data={roleList.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
              value={filters.role_id || null}
              onChange={(value) => update({ role_id: value ?? '' })}
            />
            <Select
              style={{ flex: '1 1 160px' }}
              label={t('users.filter_status')}
              placeholder={t('users.all_statuses')}
              clearable
              data={TEAM_USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={filters.status || null}
              onChange={(value) => update({ status: (value ?? '') as typeof filters.status })}
            />
          </Group>

          {users.isPending ? (
            <ListSkeleton label={t('users.title')} />
          ) : users.isError && !page ? (
            <ListLoadError title={t('users.load_failed')} error={users.error} retryLabel={t('users.retry')} onRetry={() => users.refetch()} retrying={users.isFetching} />
          ) : page && page.total === 0 ? (
            <ListEmpty icon={<IconUsers size={28} />} title={t('users.empty_title')} text={t('users.empty_text')} />
          ) : page ? (
            <Box pos="relative">
              <ListRefreshState query={users} />
              <Box visibleFrom="sm">
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover data-testid="users-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('users.columns.user')}</Table.Th>
                        <Table.Th>{t('users.columns.role')}</Table.Th>
                        <Table.Th>{t('users.columns.status')}</Table.Th>
                        <Table.Th>{t('users.columns.last_seen')}</Table.Th>
                        <Table.Th ta="right">{t('users.columns.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {page.data.map((user) => (
                        <Table.Tr key={user.id} data-testid="user-row">
                          <Table.Td maw={320}>
                            <NameCell user={user} />
                          </Table.Td>
                          <Table.Td>{roleName(user)}</Table.Td>
                          <Table.Td>
                            <StatusBadge user={user} />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <LastSeen user={user} />
                          </Table.Td>
                          <Table.Td ta="right">
                            <UserActions user={user} onAction={onAction} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
              <Stack gap="xs" hiddenFrom="sm">
                {page.data.map((user) => (
                  <Paper key={user.id} withBorder radius="md" p="sm" data-testid="user-card">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <NameCell user={user} />
                      <UserActions user={user} onAction={onAction} />
                    </Group>
                    <Group gap="xs" mt={6}>
                      <StatusBadge user={user} />
                      <Text size="xs" c="dimmed">
                        {roleName(user)} · <LastSeen user={user} />
                      </Text>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Box>
          ) : null}
          {page && <ListPagination page={page} t={tPage} perPage={filters.per_page} onChange={update} />}
        </Stack>
      </Paper>
      <UserFormModal realm={realm} opened={editing !== null} user={editing?.user ?? null} roles={roleList} planPage={planPage} onClose={() => setEditing(null)} />
    </Stack>
  );
}
