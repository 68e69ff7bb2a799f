import type { ReactNode } from 'react';
import { Badge, Box, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronDown, IconLogout, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { DashboardFrame, ProfileMenu, shellLabels, SidebarLink, UserAvatar } from '../../../components/layouts/dashboard-frame.tsx';

export interface PlatformUser {
  name: string;
  email: string;
  avatar: string | null;
}

export interface PlatformNavItem {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

interface Props {
  pageTitle: string;
  /** The sidebar's links the operator's role may open (the layout filters them). */
  nav: PlatformNavItem[];
  user: PlatformUser | null;
  onLogout: () => void;
  languageSwitcher: ReactNode;
  children: ReactNode;
}

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('platform');
  return (
    <Group gap="sm" wrap="nowrap" px={collapsed ? 0 : 'xs'} justify={collapsed ? 'center' : 'flex-start'} h={40}>
      <ThemeIcon size={34} radius="md" aria-hidden>
        <IconToolsKitchen2 size={20} />
      </ThemeIcon>
      {!collapsed && (
        <div>
          <Text fw={800} lh={1.1}>
            Tavolo
          </Text>
          <Text size="xs" c="dimmed" lh={1.1}>
            {t('shell.platform')}
          </Text>
        </div>
      )}
    </Group>
  );
}

/** The platform operators' dashboard frame (SPEC §2.3, second reading). */
export function PlatformShell({ pageTitle, nav, user, onLogout, languageSwitcher, children }: Props) {
  const { t } = useTranslation('platform');

  return (
    <DashboardFrame
      storageKey="platform-sidebar-collapsed"
      navbarWidth={240}
      brand={(collapsed) => <Brand collapsed={collapsed} />}
      title={
        <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lineClamp={1}>
          {pageTitle}
        </Title>
      }
      headerRight={
        <ProfileMenu
          label={t('shell.user_menu')}
          button={
            <Group gap="xs" wrap="nowrap">
              <UserAvatar name={user?.name ?? ''} src={user?.avatar ?? null} size={36} />
              <Box visibleFrom="md">
                <Text size="sm" fw={600} lh={1.2}>
                  {user?.name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {t('shell.super_user')}
                </Text>
              </Box>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          }
          header={
            <Box px="sm" py="xs">
              <Text fw={600} size="sm">
                {user?.name}
              </Text>
              <Badge size="sm" variant="light" radius="sm" mt={4}>
                {t('shell.super_user')}
              </Badge>
              <Text size="xs" c="dimmed" mt={6} truncate>
                {user?.email}
              </Text>
            </Box>
          }
          logoutLabel={t('shell.logout')}
          onLogout={onLogout}
        />
      }
      languageSwitcher={languageSwitcher}
      renderSidebar={(collapsed, onNavigate) => {
        return (
          <>
            {nav.map((item) => (
              <SidebarLink key={item.to} to={item.to} label={item.label} icon={item.icon} collapsed={collapsed} active={item.active} onClick={onNavigate} />
            ))}
            <SidebarLink
              label={t('shell.logout')}
              icon={<IconLogout size={20} stroke={1.6} />}
              collapsed={collapsed}
              c="red.8"
              onClick={() => {
                onNavigate?.();
                onLogout();
              }}
            />
          </>
        );
      }}
      labels={shellLabels(t)}
    >
      {children}
    </DashboardFrame>
  );
}
