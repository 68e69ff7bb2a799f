import type { ReactNode } from 'react';
import { IconBuildingStore, IconCategory, IconColorSwatch, IconFileText, IconHome, IconLayoutBoard, IconMailCog, IconPackage, IconPalette, IconReceipt, IconSettings, IconToolsKitchen2 } from '@tabler/icons-react';
import { can, type TPermission } from '@tavolo/contracts/permissions';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useLogout } from '../../../features/auth/hooks/use-logout.ts';
import { DashboardShell, type ShellNavItem } from '../../../features/dashboard/components/dashboard-shell.tsx';
import { monthYear } from '../../../lib/format.ts';
import { site } from '../../site.ts';

/** Sidebar entries; each later issue adds its page here. The header shows the title of the entry the URL is in. */
const NAV: { to: string; titleKey: string; icon: ReactNode; permission?: TPermission }[] = [
  { to: '/dashboard/home', titleKey: 'nav.home', icon: <IconHome size={20} stroke={1.6} /> },
  { to: '/dashboard/orders', titleKey: 'orders:title', icon: <IconReceipt size={20} stroke={1.6} />, permission: 'orders.view' },
  { to: '/dashboard/categories', titleKey: 'menu:categories.title', icon: <IconCategory size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/products', titleKey: 'menu:products.title', icon: <IconToolsKitchen2 size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/stock', titleKey: 'stock:title', icon: <IconPackage size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/themes', titleKey: 'appearance:nav.themes', icon: <IconPalette size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/colors', titleKey: 'appearance:nav.colors', icon: <IconColorSwatch size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/layouts', titleKey: 'appearance:nav.layouts', icon: <IconLayoutBoard size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/cms', titleKey: 'cms:title', icon: <IconFileText size={20} stroke={1.6} />, permission: 'content.manage' },
  { to: '/dashboard/settings', titleKey: 'settings:title', icon: <IconSettings size={20} stroke={1.6} />, permission: 'settings.manage' },
  { to: '/dashboard/email-settings', titleKey: 'mail-settings:title', icon: <IconMailCog size={20} stroke={1.6} />, permission: 'email_settings.manage' },
];

/** SPEC §2.3: the profile menu has settings and e-mail settings. */
const PROFILE_LINKS: { to: string; titleKey: string; icon: ReactNode; permission: TPermission }[] = [
  { to: '/dashboard/settings', titleKey: 'settings:title', icon: <IconSettings size={16} />, permission: 'settings.manage' },
  { to: '/dashboard/email-settings', titleKey: 'mail-settings:title', icon: <IconMailCog size={16} />, permission: 'email_settings.manage' },
];

/** SPEC §2.3: the restaurant's back office on its own host. */
export default function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const logout = useLogout('tenant');

  const current = NAV.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const nav: ShellNavItem[] = [
    ...NAV.filter((item) => !item.permission || can(user?.permissions, item.permission)).map((item) => ({ to: item.to, label: t(item.titleKey), icon: item.icon })),
    { href: '/', label: t('nav.storefront'), icon: <IconBuildingStore size={20} stroke={1.6} /> },
  ];

  return (
    <DashboardShell
      restaurantName={site.kind === 'tenant' ? site.tenant.name : ''}
      pageTitle={current ? t(current.titleKey) : t('nav.dashboard')}
      nav={nav}
      user={
        user
          ? {
              name: user.name,
              email: user.email,
              avatar: user.avatar,
              roleLabel: t(`roles.${user.role_name}`, { defaultValue: user.role_name }),
              memberSince: user.created_at ? monthYear(user.created_at) : null,
            }
          : null
      }
      onLogout={() => void logout()}
      profileLinks={PROFILE_LINKS.filter((item) => can(user?.permissions, item.permission)).map((item) => ({ to: item.to, label: t(item.titleKey), icon: item.icon }))}
      languageSwitcher={<LanguageSwitcher />}
    >
      <Outlet />
    </DashboardShell>
  );
}
