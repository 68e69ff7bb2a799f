import type { ReactNode } from 'react';
import { IconBuildingStore, IconCategory, IconColorSwatch, IconFileText, IconHome, IconLayoutBoard, IconMailCog, IconPackage, IconPalette, IconReceipt, IconSettings, IconToolsKitchen2 } from '@tabler/icons-react';
import { IconCrown, IconLock, IconReceiptTax, IconTicket, IconUser } from '@tabler/icons-react';
import { IconClockCog } from '@tabler/icons-react';
import { IconAdjustments } from '@tabler/icons-react';
import { IconShieldLock, IconSpeakerphone, IconUserCog, IconUsers } from '@tabler/icons-react';
import { IconCalendarEvent, IconConfetti, IconMailHeart, IconMessageCircle, IconZoomQuestion } from '@tabler/icons-react';
import { can, type TPermission } from '@tavolo/contracts/permissions';
import { useTranslation } from '../../i18n.ts';
import { useLeaveGuardHost } from '../../../components/ui/leave-guard.ts';
import { Outlet, useLocation } from 'react-router';
import { NotAuthorized } from '../../../components/layouts/not-authorized.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { DashboardTour } from '../../../features/account/components/dashboard-tour.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useLogout } from '../../../features/auth/hooks/use-logout.ts';
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx';
import { useLiveDashboard } from '../../../features/notifications/hooks/use-live-dashboard.ts';
import { DashboardShell, type ShellNavItem } from '../../../features/dashboard/components/dashboard-shell.tsx';
import { monthYear } from '../../../lib/format.ts';
import { useSite } from '../../site.ts';

/** Sidebar entries; each later issue adds its page here. The header shows the title of the entry the URL is in. */
const NAV: { to: string; titleKey: string; icon: ReactNode; permission?: TPermission }[] = [
  { to: '/dashboard/home', titleKey: 'nav.home', icon: <IconHome size={20} stroke={1.6} /> },
  { to: '/dashboard/orders', titleKey: 'orders:title', icon: <IconReceipt size={20} stroke={1.6} />, permission: 'orders.view' },
  { to: '/dashboard/reservations', titleKey: 'inbox:kinds.reservation.title', icon: <IconCalendarEvent size={20} stroke={1.6} />, permission: 'reservations.view' },
  { to: '/dashboard/stock-check-requests', titleKey: 'inbox:kinds.stock_check.title', icon: <IconZoomQuestion size={20} stroke={1.6} />, permission: 'requests.view' },
  { to: '/dashboard/quote-requests', titleKey: 'inbox:kinds.quote.title', icon: <IconConfetti size={20} stroke={1.6} />, permission: 'requests.view' },
  { to: '/dashboard/contact-reqs', titleKey: 'inbox:kinds.contact.title', icon: <IconMessageCircle size={20} stroke={1.6} />, permission: 'requests.view' },
  { to: '/dashboard/subscribers', titleKey: 'inbox:subscribers.title', icon: <IconMailHeart size={20} stroke={1.6} />, permission: 'customers.view' },
  { to: '/dashboard/customers', titleKey: 'customers:title', icon: <IconUsers size={20} stroke={1.6} />, permission: 'customers.view' },
  { to: '/dashboard/bulletin', titleKey: 'bulletin:title', icon: <IconSpeakerphone size={20} stroke={1.6} />, permission: 'dashboard.view' },
  { to: '/dashboard/categories', titleKey: 'menu:categories.title', icon: <IconCategory size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/products', titleKey: 'menu:products.title', icon: <IconToolsKitchen2 size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/option-groups', titleKey: 'menu:options.nav', icon: <IconAdjustments size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/stock', titleKey: 'stock:title', icon: <IconPackage size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/coupons', titleKey: 'coupons:title', icon: <IconTicket size={20} stroke={1.6} />, permission: 'menu.view' },
  { to: '/dashboard/themes', titleKey: 'appearance:nav.themes', icon: <IconPalette size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/colors', titleKey: 'appearance:nav.colors', icon: <IconColorSwatch size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/layouts', titleKey: 'appearance:nav.layouts', icon: <IconLayoutBoard size={20} stroke={1.6} />, permission: 'appearance.manage' },
  { to: '/dashboard/cms', titleKey: 'cms:title', icon: <IconFileText size={20} stroke={1.6} />, permission: 'content.manage' },
  { to: '/dashboard/users', titleKey: 'team:users.title', icon: <IconUserCog size={20} stroke={1.6} />, permission: 'users.manage' },
  { to: '/dashboard/roles', titleKey: 'team:roles.title', icon: <IconShieldLock size={20} stroke={1.6} />, permission: 'roles.manage' },
  { to: '/dashboard/settings', titleKey: 'settings:title', icon: <IconSettings size={20} stroke={1.6} />, permission: 'settings.manage' },
  { to: '/dashboard/ordering', titleKey: 'ordering:title', icon: <IconClockCog size={20} stroke={1.6} />, permission: 'settings.manage' },
  { to: '/dashboard/taxes', titleKey: 'taxes:title', icon: <IconReceiptTax size={20} stroke={1.6} />, permission: 'settings.manage' },
  { to: '/dashboard/email-settings', titleKey: 'mail-settings:title', icon: <IconMailCog size={20} stroke={1.6} />, permission: 'email_settings.manage' },
  { to: '/dashboard/plan', titleKey: 'plans:title', icon: <IconCrown size={20} stroke={1.6} />, permission: 'settings.manage' },
];

/** SPEC §2.3: the profile menu: one's own profile and password (everyone), settings and e-mail settings (when permitted). */
const PROFILE_LINKS: { to: string; titleKey: string; icon: ReactNode; permission?: TPermission }[] = [
  { to: '/dashboard/profile', titleKey: 'account:profile.title', icon: <IconUser size={16} /> },
  { to: '/dashboard/password', titleKey: 'account:password.title', icon: <IconLock size={16} /> },
  { to: '/dashboard/settings', titleKey: 'settings:title', icon: <IconSettings size={16} />, permission: 'settings.manage' },
  { to: '/dashboard/email-settings', titleKey: 'mail-settings:title', icon: <IconMailCog size={16} />, permission: 'email_settings.manage' },
];

/** SPEC §2.3: the restaurant's back office on its own host. */
export default function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const site = useSite();
  const { data: user } = useCurrentUser();
  const logout = useLogout('tenant');
  // One live connection per tab: the bell, sidebar counts, new-order alerts and the count in the tab title.
  const live = useLiveDashboard(user?.permissions);
  // Links away from a settings page with unsaved changes ask first.
  useLeaveGuardHost();

  const current = [...NAV, ...PROFILE_LINKS].find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  // A page the role may not open (typed or bookmarked) says so here, once for every page of the list.
  const forbidden = Boolean(user && current?.permission && !can(user.permissions, current.permission));
  const nav: ShellNavItem[] = [
    ...NAV.filter((item) => !item.permission || can(user?.permissions, item.permission)).map((item) => {
      const waiting = live.counts.byPage[item.to] ?? 0;
      return { to: item.to, label: t(item.titleKey), icon: item.icon, badge: waiting, badgeLabel: t('notifications:waiting', { count: waiting }) };
    }),
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
      profileLinks={PROFILE_LINKS.filter((item) => !item.permission || can(user?.permissions, item.permission)).map((item) => ({ to: item.to, label: t(item.titleKey), icon: item.icon }))}
      languageSwitcher={<LanguageSwitcher />}
      notifications={<NotificationBell live={live} />}
    >
      {forbidden ? <NotAuthorized homeTo="/dashboard/home" /> : <Outlet />}
      <DashboardTour canOpenSettings={can(user?.permissions, 'settings.manage')} />
    </DashboardShell>
  );
}
