import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useLogout } from '../../../features/auth/hooks/use-logout.ts';
import { PlatformShell } from '../../../features/platform/components/platform-shell.tsx';

/** Page titles by path; later issues add Restaurants, Users and Roles. Anything else is titled Dashboard. */
const TITLES: Record<string, string> = { '/dashboard': 'nav.dashboard' };

/** SPEC §2.3 (second reading): the platform operators' dashboard on the main domain. */
export default function PlatformLayout() {
  const { t } = useTranslation('platform');
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const logout = useLogout('platform');
  const titleKey = TITLES[pathname.replace(/\/+$/, '')] ?? 'nav.dashboard';

  return (
    <PlatformShell
      pageTitle={t(titleKey)}
      user={user ? { name: user.name, email: user.email, avatar: user.avatar } : null}
      onLogout={() => void logout()}
      languageSwitcher={<LanguageSwitcher />}
    >
      <Outlet />
    </PlatformShell>
  );
}
