import { Anchor, Burger, Button, Container, Group, Text, UnstyledButton, VisuallyHidden } from '../../../components/lite/index.ts';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconClipboardCheck, IconInfoCircle, IconLogin2, IconMail, IconMessageCircle, IconPhone, IconRosetteDiscount, IconToolsKitchen2 } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useLocation } from 'react-router';
import type { TPublicSettings } from '@tavolo/contracts/storefront';
import { useOpenedOnce } from '../../../components/ui/use-opened-once.ts';
import { RestaurantAvatar } from './restaurant-avatar.tsx';
import { openWhenClosed } from './closed-page.tsx';
import type { NavDrawerLink } from './storefront-nav-drawer.tsx';

const StorefrontNavDrawer = lazy(() => import('./storefront-nav-drawer.tsx'));

interface Props {
  name: string;
  logo?: string | null;
  settings?: TPublicSettings;
  /** The language switcher; passed in because it belongs to the app shell, not to this feature. */
  languageSwitcher: ReactNode;
  /** The cart button; passed in because it belongs to the cart feature. */
  cartButton?: ReactNode;
  /** Pending or suspended: only the pages it keeps are linked (closed-page.tsx). */
  closed?: boolean;
}

/** Top bar (contact, language), discount banner and the restaurant's navigation, with a drawer on small screens. */
export function StorefrontHeader({ name, logo, settings, languageSwitcher, cartButton, closed = false }: Props) {
  const { t } = useTranslation('storefront');
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(opened);
  const { pathname } = useLocation();
  const links: NavDrawerLink[] = [
    { to: '/', label: t('nav.menu'), icon: <IconToolsKitchen2 size={18} />, active: pathname === '/' },
    { to: '/reservation', label: t('nav.reservation'), icon: <IconCalendarEvent size={18} />, active: pathname === '/reservation' },
    { to: '/stock-check', label: t('nav.stock_check'), icon: <IconClipboardCheck size={18} />, active: pathname === '/stock-check' },
    { to: '/about', label: t('nav.about'), icon: <IconInfoCircle size={18} />, active: pathname === '/about' },
    { to: '/contact', label: t('nav.contact'), icon: <IconMessageCircle size={18} />, active: pathname === '/contact' },
    { to: '/login', label: t('nav.sign_in'), icon: <IconLogin2 size={18} />, active: pathname === '/login' },
  ].filter((link) => !closed || openWhenClosed(link.to));

  return (
    <>
      <section aria-label={t('nav.contact_bar')} style={{ background: 'var(--mantine-color-dark-7)', color: 'var(--mantine-color-gray-3)', fontSize: 'var(--mantine-font-size-sm)' }}>
        <Container size="lg" style={{ paddingBlock: 6 }}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
              {settings?.email && (
                <Anchor href={`mailto:${settings.email}`} c="gray.3" fz="sm" aria-label={t('nav.email_us', { email: settings.email })}>
                  <Group gap={6} wrap="nowrap">
                    <IconMail size={16} aria-hidden />
                    <Text span inherit truncate className="mantine-visible-from-sm">
                      {settings.email}
                    </Text>
                  </Group>
                </Anchor>
              )}
              {settings?.phone && (
                <Anchor href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`} c="gray.3" fz="sm" aria-label={t('nav.call_us', { phone: settings.phone })}>
                  <Group gap={6} wrap="nowrap">
                    <IconPhone size={16} aria-hidden />
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {settings.phone}
                    </Text>
                  </Group>
                </Anchor>
              )}
            </Group>
            {languageSwitcher}
          </Group>
        </Container>
      </section>

      {settings && settings.discount > 0 && !closed && (
        // The accent colour of the restaurant's looks, with the text colour computed for it.
        <div style={{ background: 'var(--mantine-color-accent-filled, var(--mantine-color-orange-1))', color: 'var(--looks-on-accent, var(--mantine-color-orange-9))', paddingBlock: 8 }} role="region" aria-label={t('banner.label')}>
          <Container size="lg">
            <Group gap={8} justify="center" wrap="nowrap">
              <IconRosetteDiscount size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} style={{ textAlign: 'center' }}>
                {t('banner.discount', { discount: settings.discount })}
              </Text>
            </Group>
          </Container>
        </div>
      )}

      <header style={{ background: 'var(--mantine-color-white)', position: 'sticky', top: 0, zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" style={{ height: 64 }}>
          <Group justify="space-between" wrap="nowrap" style={{ height: '100%' }}>
            {/* Named by its visible text plus a hidden hint (an aria-label would hide the visible name, WCAG 2.5.3). */}
            <UnstyledButton component={Link} to="/" style={{ minWidth: 0 }}>
              <Group gap="sm" wrap="nowrap">
                <RestaurantAvatar name={name} logo={logo} size={40} />
                {/* Positioned, so the hidden hint sits inside the clipped name: placed after a long name, it widened phones' pages. */}
                <Text fw={700} fz="lg" truncate style={{ position: 'relative' }}>
                  {name}
                  {/* Read with a space before it: a hidden element counts as a block in the accessible name. */}
                  <VisuallyHidden component="span">{t('nav.home_suffix')}</VisuallyHidden>
                </Text>
              </Group>
            </UnstyledButton>
            <Group component="nav" aria-label={t('nav.main')} gap={2} wrap="nowrap" className="mantine-visible-from-lg">
              {links.map((link) => (
                <Button
                  key={link.to}
                  component={Link}
                  to={link.to}
                  variant={link.active ? 'light' : 'subtle'}
                  color={link.active ? undefined : 'dark'}
                  style={{ paddingInline: 'var(--mantine-spacing-sm)' }}
                  aria-current={link.active ? 'page' : undefined}
                >
                  {link.label}
                </Button>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {cartButton}
              <Burger opened={opened} onClick={toggle} className="mantine-hidden-from-lg" aria-label={opened ? t('nav.close_menu') : t('nav.open_menu')} />
            </Group>
          </Group>
        </Container>
      </header>

      {drawerMounted && (
        <Suspense fallback={null}>
          <StorefrontNavDrawer opened={opened} close={close} name={name} links={links} settings={settings} languageSwitcher={languageSwitcher} />
        </Suspense>
      )}
    </>
  );
}
