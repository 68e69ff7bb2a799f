import type { ReactNode } from 'react';
import { Badge, Box, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconLogout, IconMail } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useLocation } from 'react-router';
import { DashboardFrame, ProfileMenu, shellLabels, SidebarLink, UserAvatar } from '../../../components/layouts/dashboard-frame.tsx';

export interface ShellNavItem {
  label: string;
  icon: ReactNode;
  /** An in-app route, or `href` for a page opened in a new tab. */
  to?: string;
  href?: string;
  /** A count to badge the entry with (SPEC §2.3: waiting orders), and its accessible text. */
  badge?: number;
  badgeLabel?: string;
}

export interface ShellUser {
  name: string;
  email: string;
  avatar: string | null;
  roleLabel: string;
  memberSince: string | null;
}

interface Props {
  restaurantName: string;
  pageTitle: string;
  nav: ShellNavItem[];
  user: ShellUser | null;
  onLogout: () => void;
  /** Profile menu links (SPEC §2.3: settings, e-mail settings), shown when the user may open them. */
  profileLinks?: ShellNavItem[];
  languageSwitcher: ReactNode;
  /** The notification bell, beside the profile menu. */
  notifications?: ReactNode;
  children: ReactNode;
}

/** The restaurant dashboard frame (SPEC §2.3): header with restaurant, page and user; collapsible sidebar; drawer on phones. */
export function DashboardShell({ restaurantName, pageTitle, nav, user, onLogout, profileLinks = [], languageSwitcher, notifications, children }: Props) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const memberSince = user?.memberSince && (
    <Text size="xs" c="dimmed">
      {t('shell.member_since', { date: user.memberSince })}
    </Text>
  );
  const roleBadge = user && (
    <Badge size="sm" variant="light" radius="sm">
      {user.roleLabel}
    </Badge>
  );

  return (
    <DashboardFrame
      storageKey="dashboard-sidebar-collapsed"
      navbarWidth={248}
      drawerTitle={<Text fw={700}>{restaurantName}</Text>}
      title={
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed" fw={600} truncate>
            {restaurantName}
          </Text>
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lh={1.2} lineClamp={1}>
            {pageTitle}
          </Title>
        </Stack>
      }
      headerInfo={
        user && (
          // Name, role and tenure beside the avatar on wide screens; inside the menu otherwise.
          <Stack gap={2} align="flex-end" visibleFrom="md">
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {user.name}
              </Text>
              {roleBadge}
            </Group>
            {memberSince}
          </Stack>
        )
      }
      headerRight={
        <Group gap="xs" wrap="nowrap">
          {notifications}
          <ProfileMenu
            label={t('shell.profile_menu')}
            round
            button={<UserAvatar name={user?.name ?? ''} src={user?.avatar ?? null} size={38} />}
            header={
              user && (
                <Box px="sm" py="xs">
                  <Text fw={600} size="sm">
                    {user.name}
                  </Text>
                  <Group gap={6} mt={2} wrap="nowrap">
                    <IconMail size={14} aria-hidden color="var(--mantine-color-dimmed)" />
                    <Text size="xs" c="dimmed" truncate>
                      {user.email}
                    </Text>
                  </Group>
                  <Group gap={6} mt={6} hiddenFrom="md">
                    {roleBadge}
                    {memberSince}
                  </Group>
                </Box>
              )
            }
            items={
              profileLinks.length > 0 &&
              profileLinks.map((item) => (
                <Menu.Item key={item.label} component={Link} to={item.to ?? '/'} leftSection={item.icon}>
                  {item.label}
                </Menu.Item>
              ))
            }
            logoutLabel={t('shell.logout')}
            onLogout={onLogout}
          />
        </Group>
      }
      languageSwitcher={languageSwitcher}
      renderSidebar={(collapsed, onNavigate) =>
        nav.map((item) => (
          <SidebarLink
            key={item.label}
            label={item.label}
            icon={item.icon}
            collapsed={collapsed}
            to={item.to}
            href={item.href}
            active={Boolean(item.to && (pathname === item.to || pathname.startsWith(`${item.to}/`)))}
            collapsedLabel={item.href ? `${item.label} (${t('shell.new_tab')})` : undefined}
            badge={item.badge}
            badgeLabel={item.badgeLabel}
            onClick={onNavigate}
          />
        ))
      }
      // The sidebar has no logout of its own (it's in the profile menu), so phones get one here.
      drawerFooter={(closeDrawer) => (
        <SidebarLink
          label={t('shell.logout')}
          icon={<IconLogout size={18} />}
          collapsed={false}
          c="red"
          onClick={() => {
            closeDrawer();
            onLogout();
          }}
        />
      )}
      labels={shellLabels(t)}
    >
      {children}
    </DashboardFrame>
  );
}
