import type { ReactNode } from 'react';
import { ActionIcon, AppShell, Avatar, Badge, Box, Burger, Divider, Drawer, Group, Indicator, Menu, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton, type NavLinkProps } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconExternalLink, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MAIN_ID, SkipLink } from '../ui/skip-link.tsx';
import { initials } from '../../lib/initials.ts';

/** Navbar width when collapsed to icons. */
const COLLAPSED_WIDTH = 76;

export interface DashboardFrameLabels {
  openMenu: string;
  closeMenu: string;
  collapse: string;
  expand: string;
  /** Accessible name of the sidebar's `<nav>`. */
  sidebar: string;
  /** Caption next to the language switcher in the phone drawer. */
  language: string;
}

/** Both dashboards keep the frame's strings under the same `shell.*` keys, each in its own namespace. */
export const shellLabels = (t: (key: string) => string): DashboardFrameLabels => ({
  openMenu: t('shell.open_menu'),
  closeMenu: t('shell.close_menu'),
  collapse: t('shell.collapse'),
  expand: t('shell.expand'),
  sidebar: t('shell.sidebar'),
  language: t('shell.language'),
});

interface FrameProps {
  /** localStorage key of the desktop collapsed state, so each dashboard remembers its own. */
  storageKey: string;
  /** Expanded navbar width in px. */
  navbarWidth: number;
  /** Top of the navbar (icon-only when collapsed); also the drawer's title unless `drawerTitle` is given. */
  brand?: (collapsed: boolean) => ReactNode;
  drawerTitle?: ReactNode;
  /** Left of the header, after the burger / collapse toggle. */
  title: ReactNode;
  /** Header items left of the language switcher (the switcher moves into the drawer on phones). */
  headerInfo?: ReactNode;
  /** Right-hand end of the header, e.g. the profile menu. */
  headerRight: ReactNode;
  languageSwitcher: ReactNode;
  /** The sidebar's links; called for the navbar and, never collapsed, for the drawer (`onNavigate` closes it). */
  renderSidebar: (collapsed: boolean, onNavigate?: () => void) => ReactNode;
  /** Below the language row in the phone drawer. */
  drawerFooter?: (closeDrawer: () => void) => ReactNode;
  /** Already translated: each dashboard keeps its own i18n namespace. */
  labels: DashboardFrameLabels;
  children: ReactNode;
}

/**
 * The frame both dashboards share (SPEC §2.3): header with burger on phones and a collapse toggle on
 * desktop, a navbar that shrinks to icons with tooltips, and a drawer in its place on phones.
 */
export function DashboardFrame({ storageKey, navbarWidth, brand, drawerTitle, title, headerInfo, headerRight, languageSwitcher, renderSidebar, drawerFooter, labels, children }: FrameProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  // Read synchronously so a collapsed sidebar doesn't flash open on reload.
  const [collapsed, setCollapsed] = useLocalStorage({ key: storageKey, defaultValue: false, getInitialValueInEffect: false });
  const toggleLabel = collapsed ? labels.expand : labels.collapse;
  const sidebar = (isCollapsed: boolean, onNavigate?: () => void) => (
    <Stack gap={4} component="nav" aria-label={labels.sidebar}>
      {renderSidebar(isCollapsed, onNavigate)}
    </Stack>
  );

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: collapsed ? COLLAPSED_WIDTH : navbarWidth, breakpoint: 'sm', collapsed: { mobile: true } }} padding={{ base: 'md', sm: 'lg' }} bg="gray.0">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger data-tour="burger" opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={drawerOpened ? labels.closeMenu : labels.openMenu} />
            <Tooltip label={toggleLabel} withArrow>
              <ActionIcon variant="subtle" color="gray" size="lg" visibleFrom="sm" onClick={() => setCollapsed((c) => !c)} aria-label={toggleLabel} aria-expanded={!collapsed}>
                {collapsed ? <IconLayoutSidebarLeftExpand size={22} /> : <IconLayoutSidebarLeftCollapse size={22} />}
              </ActionIcon>
            </Tooltip>
            {title}
          </Group>
          <Group gap="md" wrap="nowrap">
            {headerInfo}
            <Box visibleFrom="sm">{languageSwitcher}</Box>
            {headerRight}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" data-tour="sidebar">
        {brand && <AppShell.Section mb="md">{brand(collapsed)}</AppShell.Section>}
        <AppShell.Section grow component={ScrollArea}>
          {sidebar(collapsed)}
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer opened={drawerOpened} onClose={drawer.close} size={280} padding="md" hiddenFrom="sm" title={drawerTitle ?? brand?.(false)}>
        <Stack gap="md">
          {sidebar(false, drawer.close)}
          <Divider />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {labels.language}
            </Text>
            {languageSwitcher}
          </Group>
          {drawerFooter?.(drawer.close)}
        </Stack>
      </Drawer>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

interface SidebarLinkProps {
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  /** An in-app route; or `href` for a page opened in a new tab; with neither it is a button. */
  to?: string;
  href?: string;
  active?: boolean;
  onClick?: () => void;
  /** Accessible name when only the icon shows, if it should say more than `label` (e.g. "opens in a new tab"). */
  collapsedLabel?: string;
  c?: NavLinkProps['c'];
  /** A count beside the label (a dot on the icon when collapsed), e.g. orders waiting; hidden at 0. */
  badge?: number;
  /** Accessible text for the badge, e.g. "3 waiting". */
  badgeLabel?: string;
}

/** A sidebar entry: icon and label, or just the icon with a tooltip when the sidebar is collapsed. */
export function SidebarLink({ label, icon, collapsed, to, href, active = false, onClick, collapsedLabel, c, badge = 0, badgeLabel }: SidebarLinkProps) {
  const counted = badge > 0;
  const common = {
    label: collapsed ? null : label,
    'aria-label': collapsed ? `${collapsedLabel ?? label}${counted && badgeLabel ? ` (${badgeLabel})` : ''}` : undefined,
    leftSection: collapsed && counted ? (
      <Indicator size={9} color="red" offset={2} processing>
        {icon}
      </Indicator>
    ) : (
      icon
    ),
    rightSection:
      counted && !collapsed ? (
        <Badge size="sm" color="red" variant="filled" circle={badge < 10} aria-label={badgeLabel}>
          {badge > 99 ? '99+' : badge}
        </Badge>
      ) : href && !collapsed ? (
        <IconExternalLink size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      ) : null,
    variant: 'light',
    c,
    onClick,
    styles: { root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: collapsed ? 'center' : undefined }, section: collapsed ? { margin: 0 } : undefined },
  } as const;
  const link = to ? (
    <NavLink {...common} component={Link} to={to} active={active} aria-current={active ? 'page' : undefined} />
  ) : href ? (
    <NavLink {...common} component="a" href={href} target="_blank" rel="noopener noreferrer" />
  ) : (
    <NavLink {...common} component="button" />
  );
  return (
    <Tooltip label={label} position="right" withArrow disabled={!collapsed}>
      {link}
    </Tooltip>
  );
}

/** The signed-in user's picture, or their initials until they upload one. */
export function UserAvatar({ name, src, size }: { name: string; src: string | null; size: number }) {
  return (
    <Avatar src={src || null} color="orange" radius={size} size={size}>
      {initials(name)}
    </Avatar>
  );
}

interface ProfileMenuProps {
  /** Accessible name of the button (browser tests find the menu by it). */
  label: string;
  /** What the button shows: a `UserAvatar`, maybe with the name beside it. */
  button: ReactNode;
  /** A bare avatar gets a round focus ring; anything wider a padded, rounded rectangle. */
  round?: boolean;
  /** Who is signed in, above the logout item. */
  header: ReactNode;
  /** Links between the header and logout (`Menu.Item`s), e.g. settings. */
  items?: ReactNode;
  logoutLabel: string;
  onLogout: () => void;
}

/** The header's user menu: who is signed in, then Logout. */
export function ProfileMenu({ label, button, round = false, header, items, logoutLabel, onLogout }: ProfileMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <UnstyledButton data-tour="profile-menu" aria-label={label} style={{ borderRadius: round ? '50%' : 'var(--mantine-radius-md)' }} p={round ? undefined : 4}>
          {button}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {header}
        <Menu.Divider />
        {items}
        {items && <Menu.Divider />}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {logoutLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
