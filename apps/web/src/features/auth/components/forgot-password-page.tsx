import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { ZForgotPasswordRequest, type TForgotPasswordRequest } from '@tavolo/contracts/auth';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth:forgot_title'));
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<TForgotPasswordRequest>({ initialValues: { email: '' }, validate: zodValidate(ZForgotPasswordRequest) });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const { message } = await authApi.forgotPassword(values);
      setSent(message ?? t('shared:messages.reset_sent'));
    } catch (e) {
      setError(serverErrors(form, e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={t('auth:forgot_title')} subtitle={t('auth:forgot_subtitle')}>
      {sent ? (
        <Stack>
          <Alert color="green" role="status">
            {sent}
          </Alert>
          <Anchor component={Link} to="/login" ta="center">
            {t('auth:back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label={t('auth:email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <Button type="submit" loading={busy} fullWidth>
              {t('auth:forgot_button')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('auth:back_to_login')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
