import { useEffect, useState } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/forms.ts';
import { session } from '../../../lib/storage.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

let redeemed: Promise<unknown> | undefined;

/**
 * Lands an owner coming from the main domain (sign-up or sign-in) in this restaurant's dashboard.
 * The single-use code travels in the URL fragment, which browsers never send to a server or a Referer.
 */
export default function HandoffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice in development; the code works once, so redeem it once.
    if (!redeemed) {
      const code = new URLSearchParams(location.hash.slice(1)).get('code');
      history.replaceState(null, '', location.pathname);
      redeemed = code ? authApi.redeemHandoff(code) : Promise.reject(new Error(t('shared:errors.handoff_invalid')));
    }
    redeemed
      .then((result) => {
        const { data } = result as Awaited<ReturnType<typeof authApi.redeemHandoff>>;
        if (data.kind !== 'session') throw new Error(t('shared:errors.handoff_invalid'));
        session.save(data.token, data.user);
        navigate('/dashboard/home', { replace: true });
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [navigate, t]);

  return (
    <AuthCard title={t('auth:handoff_title')}>
      {error ? (
        <Stack>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to="/login" ta="center">
            {t('auth:back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center">
          <Loader />
          <Text c="dimmed">{t('auth:handoff_wait')}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
