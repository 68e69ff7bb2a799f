import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { ZLoginRequest, type TLoginRequest } from '@tavolo/contracts/auth';
import { site, siteOrigin } from '../../../app/site.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { flash, session } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

const platformUrl = () => siteOrigin(site.mainDomain);

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('auth:login_title'));
  const [notice] = useState(() => flash.take());
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<{ name: string; url: string }[] | null>(null);
  const form = useForm<TLoginRequest>({
    initialValues: { email: '', password: '', remember: false },
    validate: zodValidate(ZLoginRequest),
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await authApi.login(values);
      if (data.kind === 'session') {
        session.save(data.token, data.user);
        navigate(site.kind === 'tenant' ? '/dashboard/home' : '/dashboard', { replace: true });
      } else if (data.restaurants.length === 1) {
        window.location.assign(data.restaurants[0]!.url);
      } else {
        setChoices(data.restaurants);
      }
    } catch (e) {
      setError(serverErrors(form, e));
    } finally {
      setBusy(false);
    }
  });

  const title = site.kind === 'tenant' ? t('auth:login_title_tenant', { name: site.tenant.name }) : t('auth:login_title');
  if (choices) {
    return (
      <AuthCard title={t('auth:choose_restaurant')} subtitle={t('auth:choose_restaurant_hint')}>
        <Stack>
          {choices.map((choice) => (
            <Button key={choice.url} component="a" href={choice.url} variant="light" fullWidth>
              {choice.name}
            </Button>
          ))}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={t('auth:login_subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {notice && (
            <Alert color="yellow" role="status">
              {t(`shared:${notice}`)}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('auth:email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label={t('auth:password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label={t('auth:remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth:forgot_link')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth size="md">
            {t('auth:login_button')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth:no_account')}{' '}
            {site.kind === 'tenant' ? (
              <Anchor href={`${platformUrl()}/tenant-register`}>{t('auth:register_link')}</Anchor>
            ) : (
              <Anchor component={Link} to="/tenant-register">
                {t('auth:register_link')}
              </Anchor>
            )}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
