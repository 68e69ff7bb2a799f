import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZResetPasswordRequest, type TResetPasswordRequest } from '@tavolo/contracts/auth';
import { errorMessage, fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth:reset_title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : t('shared:errors.reset_invalid'));
  const [busy, setBusy] = useState(false);
  const form = useForm<TResetPasswordRequest>({
    initialValues: { token, password: '', password_confirmation: '' },
    validate: zodValidate(ZResetPasswordRequest),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const { message } = await authApi.resetPassword(values);
      notifications.show({ color: 'green', message: message ?? t('shared:messages.password_reset') });
      navigate('/login', { replace: true });
    } catch (e) {
      const errors = fieldErrors(e);
      if (errors.token) setError(errors.token);
      else if (Object.keys(errors).length) form.setErrors(errors);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}{' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('auth:request_new_link')}
              </Anchor>
            </Alert>
          )}
          <PasswordField label={t('auth:new_password')} autoComplete="new-password" required description={t('auth:password_rules')} {...form.getInputProps('password')} />
          <PasswordField label={t('auth:confirm_password')} autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
          <Button type="submit" loading={busy} disabled={!token} fullWidth>
            {t('auth:reset_button')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
