import { ActionIcon, Anchor, Box, Burger, Button, Container, Divider, Grid, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowRight, IconLogin2, IconMail, IconPhone } from '@tabler/icons-react';
import { lazy, Suspense, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { pickLanguage } from '@tavolo/contracts/i18n';
import { seoMeta, seoPageOf } from '@tavolo/contracts/seo';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { usePageMeta } from '../../../components/ui/page-title.ts';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link.tsx';
import { useOpenedOnce } from '../../../components/ui/use-opened-once.ts';

// The phone menu's drawer loads on its first opening (issue #11: the marketing pages' first load).
const MarketingNavDrawer = lazy(() => import('./marketing-nav-drawer.tsx'));

/** How to reach the Tavolo team (top bar, footer, contact page). */
export const CONTACT_EMAIL = 'hello@tavolo.example';
export const CONTACT_PHONE = '+1 555 0100';
export const CONTACT_PHONE_HREF = `tel:${CONTACT_PHONE.replace(/\s+/g, '')}`;
export const LOGO_URL = `${import.meta.env.BASE_URL}favicon.svg`;

/**
 * Darker shades for the marketing pages, so every text passes WCAG AA (4.5:1): Mantine's orange 8 under white
 * text is 3.6:1, its dimmed gray 3.3:1, the light badges' teal and blue about 3.5 and 4.4. Set on the page root
 * and on the mobile menu (a portal), as custom properties computed at :root do not follow a descendant's change.
 */
const READABLE_COLORS = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-orange-8': '#c2410c',
  '--mantine-color-orange-9': '#9a3412',
  '--mantine-color-orange-filled': '#c2410c',
  '--mantine-color-orange-filled-hover': '#9a3412',
  '--mantine-color-orange-light-color': '#9a3412',
  '--mantine-color-orange-text': '#c2410c',
  '--mantine-color-orange-outline': '#c2410c',
  '--mantine-primary-color-filled': '#c2410c',
  '--mantine-primary-color-filled-hover': '#9a3412',
  '--mantine-primary-color-light-color': '#9a3412',
  '--mantine-color-anchor': '#c2410c',
  '--mantine-color-teal-light-color': '#066649',
  '--mantine-color-blue-light-color': '#1864ab',
} as CSSProperties;

const NAV = [
  { to: '/food-ordering', key: 'nav.food_ordering' },
  { to: '/restaurant-services', key: 'nav.restaurant_services' },
  { to: '/pricing', key: 'nav.pricing' },
] as const;

/** The logo and name; `compact` hides the name on narrow desktop widths where the navigation needs the room. */
export function Brand({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('nav.home')}>
      <Group gap={10} wrap="nowrap">
        <Image src={LOGO_URL} alt="" w={34} h={34} width={34} height={34} />
        <Text fw={800} fz={22} lts={-0.5} c={inverted ? 'white' : 'dark.8'} display={compact ? { base: 'block', sm: 'none', md: 'block' } : undefined}>
          Tavolo
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function TopBar() {
  const { t } = useTranslation('marketing');
  return (
    // A landmark of its own, as the storefront's contact bar: content outside every landmark is skipped by landmark navigation.
    <Box component="section" aria-label={t('topbar.label')} bg="dark.8" c="gray.3">
      <Container size="lg" py={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Anchor href={`mailto:${CONTACT_EMAIL}`} c="gray.3" fz="xs" underline="hover" aria-label={t('topbar.email', { email: CONTACT_EMAIL })}>
              <Group gap={6} wrap="nowrap">
                <IconMail size={15} aria-hidden />
                <span>{CONTACT_EMAIL}</span>
              </Group>
            </Anchor>
            <Anchor href={CONTACT_PHONE_HREF} c="gray.3" fz="xs" underline="hover" aria-label={t('topbar.phone', { phone: CONTACT_PHONE })}>
              <Group gap={6} wrap="nowrap">
                <IconPhone size={15} aria-hidden />
                <span>{CONTACT_PHONE}</span>
              </Group>
            </Anchor>
          </Group>
          <LanguageSwitcher />
        </Group>
      </Container>
    </Box>
  );
}

function Header() {
  const { t } = useTranslation('marketing');
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(opened);
  const isActive = (to: string) => pathname === to;

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-2)', boxShadow: '0 1px 8px rgba(0,0,0,0.04)' }}
    >
      <Container size="lg" h={68}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Brand compact />
          <Group component="nav" aria-label={t('nav.label')} gap={4} visibleFrom="sm" wrap="nowrap">
            {NAV.map((item) => (
              <Button
                key={item.to}
                component={Link}
                to={item.to}
                variant={isActive(item.to) ? 'light' : 'subtle'}
                color={isActive(item.to) ? undefined : 'dark'}
                aria-current={isActive(item.to) ? 'page' : undefined}
                fw={isActive(item.to) ? 700 : 500}
                px={{ base: 8, lg: 'sm' }}
              >
                {t(item.key)}
              </Button>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            <ActionIcon component={Link} to="/login" variant="subtle" color="dark" size="lg" hiddenFrom="lg" aria-label={t('nav.sign_in')} title={t('nav.sign_in')}>
              <IconLogin2 size={20} />
            </ActionIcon>
            <Button component={Link} to="/login" variant="subtle" color="dark" leftSection={<IconLogin2 size={18} />} px="sm" visibleFrom="lg">
              {t('nav.sign_in')}
            </Button>
            <Button component={Link} to="/tenant-register" rightSection={<IconArrowRight size={16} />} radius="xl">
              {t('nav.get_access')}
            </Button>
          </Group>
          <Group gap="xs" wrap="nowrap" hiddenFrom="sm">
            <Button component={Link} to="/tenant-register" size="xs" radius="xl">
              {t('nav.get_access')}
            </Button>
            <Burger opened={opened} onClick={toggle} size="sm" aria-label={t(opened ? 'nav.menu_close' : 'nav.menu_open')} aria-expanded={opened} />
          </Group>
        </Group>
      </Container>

      {drawerMounted && (
        <Suspense fallback={null}>
          <MarketingNavDrawer
            opened={opened}
            close={close}
            title={
              <Box onClick={close}>
                <Brand />
              </Box>
            }
            links={NAV.map((item) => ({ to: item.to, label: t(item.key), active: isActive(item.to) }))}
            rootStyle={READABLE_COLORS}
          />
        </Suspense>
      )}
    </Box>
  );
}

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <Stack gap={8}>
      <Text fw={700} c="white" size="sm" tt="uppercase" lts={0.5}>
        {title}
      </Text>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} c="gray.4" size="sm" underline="hover">
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

function Footer() {
  const { t } = useTranslation('marketing');
  return (
    <Box component="footer" bg="dark.8" c="gray.4" mt="auto">
      <Container size="lg" pt={56} pb="xl">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="sm">
            <Brand inverted />
            <Text size="sm" c="gray.5" maw={280}>
              {t('footer.tagline')}
            </Text>
          </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
          <FooterColumn
            title={t('footer.product')}
            links={[
              { to: '/food-ordering', label: t('nav.food_ordering') },
              { to: '/restaurant-services', label: t('nav.restaurant_services') },
              { to: '/pricing', label: t('nav.pricing') },
              { to: '/tenant-register', label: t('nav.get_access') },
            ]}
          />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
          <FooterColumn
            title={t('footer.company')}
            links={[
              { to: '/about', label: t('footer.about') },
              { to: '/contact', label: t('footer.contact') },
              { to: '/privacy', label: t('footer.privacy') },
              { to: '/terms', label: t('footer.terms') },
            ]}
          />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap={8}>
            <Text fw={700} c="white" size="sm" tt="uppercase" lts={0.5}>
              {t('footer.reach_us')}
            </Text>
            <Anchor href={`mailto:${CONTACT_EMAIL}`} c="gray.4" size="sm" underline="hover">
              <Group gap={8} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                {CONTACT_EMAIL}
              </Group>
            </Anchor>
            <Anchor href={CONTACT_PHONE_HREF} c="gray.4" size="sm" underline="hover">
              <Group gap={8} wrap="nowrap">
                <IconPhone size={16} aria-hidden />
                {CONTACT_PHONE}
              </Group>
            </Anchor>
            <Text size="xs" c="gray.6">
              {t('footer.hours')}
            </Text>
          </Stack>
          </Grid.Col>
        </Grid>
        <Divider color="dark.5" my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.5">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="gray.6">
            {t('footer.made_for')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

/** The same title and description the server wrote into index.html for this path, kept on client-side navigation. */
function useMarketingHead() {
  const { i18n } = useTranslation();
  const page = seoPageOf(useLocation().pathname);
  usePageMeta(page && seoMeta(pickLanguage(i18n.language), page));
}

/** SPEC §2.1: the shared frame of the main domain's public pages. */
export default function MarketingLayout() {
  useMarketingHead();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', ...READABLE_COLORS }}>
      <SkipLink />
      <TopBar />
      <Header />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
