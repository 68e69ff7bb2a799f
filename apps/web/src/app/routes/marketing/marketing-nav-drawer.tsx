import type { CSSProperties, ReactNode } from 'react';
import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { useOpenedAfterMount } from '../../../components/ui/use-opened-once.ts';

export interface MarketingNavLink {
  to: string;
  label: string;
  active: boolean;
}

interface Props {
  opened: boolean;
  close: () => void;
  /** The drawer's title: the brand, which leads home. */
  title: ReactNode;
  links: MarketingNavLink[];
  /** The page root's colour overrides: the drawer is a portal, outside that root. */
  rootStyle: CSSProperties;
}

/**
 * The marketing header's navigation on phones; its own chunk, loaded on the first opening (marketing-layout.tsx):
 * Mantine's Drawer brings the portal, focus trap, scroll lock and scroll area, about 30 KB gzip that the marketing
 * pages no longer load before their first paint (issue #11).
 */
export default function MarketingNavDrawer({ opened, close, title, links, rootStyle }: Props) {
  const { t } = useTranslation('marketing');
  const shown = useOpenedAfterMount(opened);
  return (
    <Drawer opened={shown} onClose={close} position="right" size="85%" hiddenFrom="sm" title={title} closeButtonProps={{ 'aria-label': t('nav.menu_close') }} zIndex={300} styles={{ root: rootStyle }}>
      <Stack component="nav" aria-label={t('nav.label')} gap={4}>
        {links.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            onClick={close}
            variant={link.active ? 'light' : 'subtle'}
            color={link.active ? undefined : 'dark'}
            aria-current={link.active ? 'page' : undefined}
            justify="flex-start"
            size="md"
            fullWidth
          >
            {link.label}
          </Button>
        ))}
        <Divider my="sm" />
        <Button component={Link} to="/login" onClick={close} variant="default" size="md" fullWidth leftSection={<IconLogin2 size={18} />}>
          {t('nav.sign_in')}
        </Button>
        <Button component={Link} to="/tenant-register" onClick={close} size="md" fullWidth rightSection={<IconArrowRight size={18} />}>
          {t('nav.get_access')}
        </Button>
        <Divider my="sm" />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('nav.language')}
          </Text>
          <LanguageSwitcher size="sm" />
        </Group>
      </Stack>
    </Drawer>
  );
}
