import { useState, type RefObject } from 'react';
import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { useDialogDiscardGuard, useReportDirty } from '../../../components/ui/use-discard-guard.ts';
import { Link } from 'react-router';
import { ZCreateTeamUserRequest, ZUpdateTeamUserRequest, type TCreateTeamUserRequest, type TTeamRealm, type TTeamRole, type TTeamUser } from '@tavolo/contracts/team';
import { AppError } from '../../../lib/api.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { teamApi, useTeamMutation } from '../api/team-api.ts';
import { roleLabel } from './labels.ts';

const EMPTY: TCreateTeamUserRequest = { name: '', email: '', role_id: '', mode: 'password', password: '', password_confirmation: '' };

interface Props {
  realm: TTeamRealm;
  opened: boolean;
  /** null: a new user. */
  user: TTeamUser | null;
  roles: TTeamRole[];
  /** Where a plan limit sends the reader (restaurants only). */
  planPage?: string;
  onClose: () => void;
}

/** Add a user (password now, or an invitation by e-mail) or edit one (name, e-mail, role). */
export function UserFormModal(props: Props) {
  const { t } = useTranslation('team');
  const { dirtyRef, close } = useDialogDiscardGuard(props.onClose);
  return (
    <Modal opened={props.opened} onClose={close} title={props.user ? t('users.form.edit_title') : t('users.form.create_title')} size="md">
      {props.opened && <UserForm key={props.user?.id ?? 'new'} {...props} dirtyRef={dirtyRef} />}
    </Modal>
  );
}

function UserForm({ realm, user, roles, planPage, onClose, dirtyRef }: Props & { dirtyRef: RefObject<() => boolean> }) {
  const { t } = useTranslation('team');
  const [alert, setAlert] = useState<{ message: string; plan: boolean } | null>(null);
  const form = useForm<TCreateTeamUserRequest>({
    initialValues: user ? { ...EMPTY, name: user.name, email: user.email, role_id: user.role_id } : EMPTY,
    validate: (values) => zodValidate(user ? ZUpdateTeamUserRequest : ZCreateTeamUserRequest)(values),
  });
  useReportDirty(dirtyRef, () => form.isDirty());
  const save = useTeamMutation(realm, async (values: TCreateTeamUserRequest) => {
    if (!user) return teamApi.createUser(realm, values);
    return teamApi.updateUser(realm, user.id, { name: values.name, email: values.email, role_id: values.role_id });
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const { message } = await save.mutateAsync(values);
      notifications.show({ color: 'teal', message });
      onClose();
    } catch (error) {
      if (error instanceof AppError && error.code === 'PLAN_LIMIT') setAlert({ message: error.message, plan: true });
      else {
        const message = serverErrors(form, error);
        if (message) setAlert({ message, plan: false });
      }
    }
  });

  const roleOptions = roles.map((r) => ({ value: r.id, label: roleLabel(t, r) }));
  const selfRole = Boolean(user?.is_self);
  return (
    <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {alert && (
            <Alert color={alert.plan ? 'yellow' : 'red'} role="alert" data-testid={alert.plan ? 'plan-limit-alert' : undefined}>
              <Text size="sm">{alert.message}</Text>
              {alert.plan && planPage && (
                <Anchor component={Link} to={planPage} size="sm" fw={600}>
                  {t('users.form.upgrade')}
                </Anchor>
              )}
            </Alert>
          )}
          <TextInput label={t('users.form.name')} required autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label={t('users.form.email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <Select
            label={t('users.form.role')}
            required
            data={roleOptions}
            allowDeselect={false}
            disabled={selfRole}
            description={selfRole ? t('users.self_role_hint') : undefined}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role_id')}
          />
          {!user && (
            <>
              <Text size="sm" fw={500} mt={4}>
                {t('users.form.access')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-label={t('users.form.access')}
                data={[
                  { value: 'password', label: t('users.form.mode_password') },
                  { value: 'invite', label: t('users.form.mode_invite') },
                ]}
                {...form.getInputProps('mode')}
                styles={{ label: { whiteSpace: 'normal' } }}
              />
              {form.values.mode === 'password' ? (
                <>
                  <PasswordField label={t('users.form.password')} description={t('users.form.password_rules')} required autoComplete="new-password" {...form.getInputProps('password')} />
                  <PasswordField label={t('users.form.password_confirmation')} required autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('users.form.invite_hint')}
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('users.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {user ? t('users.form.save') : form.values.mode === 'invite' ? t('users.form.invite') : t('users.form.create')}
            </Button>
          </Group>
        </Stack>
    </form>
  );
}
