import { useState, type RefObject } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { useDialogDiscardGuard, useReportDirty } from '../../../components/ui/use-discard-guard.ts';
import { PERMISSION_GROUPS, PLATFORM_PERMISSION_GROUPS } from '@tavolo/contracts/permissions';
import { ZRoleRequest, type TRoleRequest, type TTeamRealm, type TTeamRole } from '@tavolo/contracts/team';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { teamApi, useTeamMutation } from '../api/team-api.ts';
import { roleLabel } from './labels.ts';

const GROUPS: Record<TTeamRealm, Record<string, readonly string[]>> = { tenant: PERMISSION_GROUPS, platform: PLATFORM_PERMISSION_GROUPS };

/** `x.view` is part of `x.manage`: the manage permission that includes this one, if it is checked. */
function impliedBy(permission: string, checked: ReadonlySet<string>): string | null {
  if (!permission.endsWith('.view')) return null;
  const manage = permission.replace(/\.view$/, '.manage');
  return checked.has(manage) ? manage : null;
}

/** Adds the view permissions that checked manage permissions include, as the server stores them. */
function withImplied(permissions: string[], catalogue: readonly string[]): string[] {
  const set = new Set(permissions);
  for (const p of permissions) {
    const view = p.replace(/\.manage$/, '.view');
    if (view !== p && catalogue.includes(view)) set.add(view);
  }
  return catalogue.filter((p) => set.has(p));
}

function PermissionGroup({ group, permissions, checked, locked, onChange }: { group: string; permissions: readonly string[]; checked: Set<string>; locked: boolean; onChange: (next: Set<string>) => void }) {
  const { t } = useTranslation('team');
  const count = permissions.filter((p) => checked.has(p)).length;
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(permission);
    else next.delete(permission);
    onChange(next);
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t(`groups.${group}`)}
        </Text>
        <Checkbox
          size="xs"
          label={t('roles.form.select_all')}
          checked={count === permissions.length}
          indeterminate={count > 0 && count < permissions.length}
          disabled={locked}
          onChange={(e) => {
            const next = new Set(checked);
            for (const p of permissions) {
              if (e.currentTarget.checked) next.add(p);
              else next.delete(p);
            }
            onChange(next);
          }}
        />
      </Group>
      <Stack gap="xs">
        {permissions.map((permission) => {
          const implied = impliedBy(permission, checked);
          return (
            <Checkbox
              key={permission}
              value={permission}
              label={t(`permissions.${permission}.label`)}
              description={implied ? t('roles.form.implied', { manage: t(`permissions.${implied}.label`) }) : t(`permissions.${permission}.hint`)}
              checked={checked.has(permission) || Boolean(implied)}
              disabled={locked || Boolean(implied)}
              onChange={(e) => toggle(permission, e.currentTarget.checked)}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

interface Props {
  realm: TTeamRealm;
  opened: boolean;
  role: TTeamRole | null;
  onClose: () => void;
}

/** 'Add New Role' / 'Edit Role': Role Name and Permissions as grouped checkboxes of the realm's catalogue. */
export function RoleFormModal(props: Props) {
  const { t } = useTranslation('team');
  const { dirtyRef, close } = useDialogDiscardGuard(props.onClose);
  return (
    <Modal opened={props.opened} onClose={close} title={props.role ? t('roles.edit') : t('roles.add')} size="xl">
      {props.opened && <RoleForm key={props.role?.id ?? 'new'} {...props} dirtyRef={dirtyRef} />}
    </Modal>
  );
}

function RoleForm({ realm, role, onClose, dirtyRef }: Props & { dirtyRef: RefObject<() => boolean> }) {
  const { t } = useTranslation('team');
  const groups = GROUPS[realm];
  const catalogue = Object.values(groups).flat();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<TRoleRequest>({ initialValues: { name: role?.name ?? '', permissions: role?.permissions ?? [] }, validate: zodValidate(ZRoleRequest) });
  useReportDirty(dirtyRef, () => form.isDirty());
  const save = useTeamMutation(realm, async (values: TRoleRequest): Promise<{ message?: string }> => (role ? teamApi.updateRole(realm, role.id, values) : teamApi.createRole(realm, values)));

  const locked = Boolean(role?.is_locked);
  const checked = new Set(locked ? catalogue : form.values.permissions);
  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const { message } = await save.mutateAsync({ name: values.name, permissions: withImplied(values.permissions, catalogue) });
      notifications.show({ color: 'teal', message: message ?? t(role ? 'roles.messages.updated' : 'roles.messages.created') });
      onClose();
    } catch (error) {
      // A refusal of a field is said at the field, as in every other form; anything else over the form.
      const message = serverErrors(form, error);
      setAlert(message && `${t('roles.messages.save_failed')}: ${message}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <Alert color="red" role="alert">
              {alert}
              {form.errors.permissions && <Text size="sm">{form.errors.permissions}</Text>}
            </Alert>
          )}
          <TextInput
            label={t('roles.form.name')}
            required
            disabled={Boolean(role?.is_system)}
            description={role?.is_system ? t('roles.form.system_name_hint') : undefined}
            {...form.getInputProps('name')}
            value={role?.is_system ? roleLabel(t, role) : form.values.name}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('roles.form.permissions')}
            </Text>
            {locked && (
              <Text size="sm" c="dimmed">
                {t('roles.form.locked_hint')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {Object.entries(groups).map(([group, permissions]) => (
                <PermissionGroup key={group} group={group} permissions={permissions} checked={checked} locked={locked} onChange={(next) => form.setFieldValue('permissions', [...next])} />
              ))}
            </SimpleGrid>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('roles.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('roles.form.save')}
            </Button>
          </Group>
        </Stack>
    </form>
  );
}
