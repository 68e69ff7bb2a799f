import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Skeleton, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { ZAcceptInviteRequest, type TAcceptInviteRequest, type TInvitation } from '@tavolo/contracts/team';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { session } from '../../../lib/storage.ts';
import { teamApi } from '../api/team-api.ts';

/**
 * The invitation link's page: the invitee sets a password (and may correct their name), and is signed in on
 * this host; if signing in is not possible they go to the sign-in page.
 */
export function AcceptInviteForm({ token, dashboardPath, onInvitation }: { token: string; dashboardPath: string; onInvitation?: (invitation: TInvitation) => void }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: async () => (await teamApi.lookupInvite(token)).data, enabled: Boolean(token), retry: false });
  const form = useForm<TAcceptInviteRequest>({ initialValues: { token, name: '', password: '', password_confirmation: '' }, validate: zodValidate(ZAcceptInviteRequest) });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!invitation.data) return;
    form.setFieldValue('name', invitation.data.name);
    onInvitation?.(invitation.data);
    // Once, when the invitation has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitation.data]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await teamApi.acceptInvite(values);
      notifications.show({ color: 'teal', message });
      if (data.kind === 'session') {
        session.save(data.token, data.user);
        navigate(dashboardPath, { replace: true });
      } else navigate('/login', { replace: true });
    } catch (e) {
      setError(serverErrors(form, e) ?? form.errors.token?.toString() ?? null);
    } finally {
      setBusy(false);
    }
  });

  if (!token || invitation.isError) {
    return (
      <Alert color="red" role="alert">
        {t('invite.invalid')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('invite.to_login')}
        </Anchor>
      </Alert>
    );
  }
  if (invitation.isPending) return <Skeleton h={240} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('invite.email')} value={invitation.data.email} readOnly />
        <TextInput label={t('invite.name')} required autoComplete="name" {...form.getInputProps('name')} />
        <PasswordField label={t('invite.password')} description={t('invite.password_rules')} required autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField label={t('invite.password_confirmation')} required autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
        <Button type="submit" loading={busy} fullWidth>
          {t('invite.accept')}
        </Button>
      </Stack>
    </form>
  );
}
