import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../app/i18n.ts';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/storage.ts';
import { authApi } from '../api/auth-api.ts';

const TOAST_MS = 2000;
const REDIRECT_MS = 200;

/**
 * SPEC §4: revoke the token on the server, clear what the browser stored (even when the call fails),
 * show a 2-second toast that pauses on hover, then go to the sign-in page.
 */
export function useLogout(realm: 'platform' | 'tenant') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    if (session.token()) {
      await authApi.logout(realm).catch((error: unknown) => console.error('logout failed', error));
    }
    session.clear();
    queryClient.clear();
    notifications.show({ color: 'green', title: t('auth:logged_out_title'), message: t('shared:messages.logged_out'), autoClose: TOAST_MS });
    setTimeout(() => navigate(realm === 'tenant' ? '/tenant/login' : '/login', { replace: true }), REDIRECT_MS);
  };
}
