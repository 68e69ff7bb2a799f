import type { ReactNode } from 'react';
import { IconBuildingStore, IconLayoutDashboard, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Outlet, useLocation } from 'react-router';
import { can, type TPlatformPermission } from '@tavolo/contracts/permissions';
import { NotAuthorized } from '../../../components/layouts/not-authorized.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useLogout } from '../../../features/auth/hooks/use-logout.ts';
import { PlatformShell, type PlatformNavItem } from '../../../features/platform/components/platform-shell.tsx';

/** SPEC §2.3 (second reading): Dashboard, Restaurants, Users, Roles; each shown only to a role that may open it. */
const NAV: { to: string; titleKey: string; icon: ReactNode; permission?: TPlatformPermission; exact?: boolean }[] = [
  { to: '/dashboard', titleKey: 'nav.dashboard', icon: <IconLayoutDashboard size={20} stroke={1.6} />, exact: true },
  { to: '/dashboard/tenants', titleKey: 'nav.tenants', icon: <IconBuildingStore size={20} stroke={1.6} />, permission: 'tenants.view' },
  { to: '/dashboard/users', titleKey: 'nav.users', icon: <IconUsers size={20} stroke={1.6} />, permission: 'platform_users.manage' },
  { to: '/dashboard/roles', titleKey: 'nav.roles', icon: <IconShieldLock size={20} stroke={1.6} />, permission: 'platform_roles.manage' },
];
/** Pages without a sidebar link (the sidebar is fixed by SPEC): reached from the home's cards, titled and guarded the same way. */
const UNLISTED: typeof NAV = [{ to: '/dashboard/messages', titleKey: 'contact:messages.title', icon: null, permission: 'platform_messages.manage' }];

/** SPEC §2.3 (second reading): the platform operators' dashboard on the main domain. */
export default function PlatformLayout() {
  const { t } = useTranslation('platform');
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const logout = useLogout('platform');
  const path = pathname.replace(/\/+$/, '') || '/';
  const current = [...NAV, ...UNLISTED].find((item) => (item.exact ? path === item.to : path === item.to || path.startsWith(`${item.to}/`)));
  // A page the role may not open (typed or bookmarked) says so here, once for every page.
  const forbidden = Boolean(user && current?.permission && !can(user.permissions, current.permission));
  const nav: PlatformNavItem[] = NAV.filter((item) => !item.permission || can(user?.permissions, item.permission)).map((item) => ({
    to: item.to,
    label: t(item.titleKey),
    icon: item.icon,
    active: current?.to === item.to,
  }));

  return (
    <PlatformShell
      // The current route's title; anything unknown is the Dashboard.
      pageTitle={t(current?.titleKey ?? 'nav.dashboard')}
      nav={nav}
      user={user ? { name: user.name, email: user.email, avatar: user.avatar } : null}
      onLogout={() => void logout()}
      languageSwitcher={<LanguageSwitcher />}
    >
      {forbidden ? <NotAuthorized homeTo="/dashboard" /> : <Outlet />}
    </PlatformShell>
  );
}
