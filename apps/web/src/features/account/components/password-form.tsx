import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@tavolo/contracts/account';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { accountApi } from '../api/account-api.ts';

const EMPTY: TChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

/** /dashboard/password: current password, new one twice. Other devices are signed out; this one stays signed in. */
export function PasswordForm() {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<TChangePasswordRequest>({ initialValues: EMPTY, validate: zodValidate(ZChangePasswordRequest) });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { message } = await accountApi.changePassword(values);
      const text = message ?? t('shared:account.messages.password_changed');
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      setDone(text);
      notifications.show({ color: 'green', message: text, autoClose: 4000 });
    } catch (e) {
      setError(serverErrors(form, e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack maw={560} gap="md">
      {done && (
        <Alert color="green" icon={<IconCircleCheck />} title={t('password.done_title')} role="status">
          {done}
        </Alert>
      )}
      <FormSection icon={<IconLock size={22} />} title={t('password.title')} description={t('password.intro')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordField label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('current_password')} />
            <PasswordField
              label={t('auth:new_password')}
              description={t('auth:password_rules')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField label={t('auth:confirm_password')} autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={busy}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormSection>
    </Stack>
  );
}
