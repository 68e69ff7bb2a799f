import { Anchor, Box, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import type { TPublicSettings } from '@tavolo/contracts/storefront';
import { useOpenedAfterMount } from '../../../components/ui/use-opened-once.ts';

export interface NavDrawerLink {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

interface Props {
  opened: boolean;
  close: () => void;
  name: string;
  links: NavDrawerLink[];
  settings?: TPublicSettings;
  languageSwitcher: ReactNode;
}

/** The header's navigation on small screens; its own chunk, loaded on the first opening (storefront-header.tsx). */
export default function StorefrontNavDrawer({ opened, close, name, links, settings, languageSwitcher }: Props) {
  const { t } = useTranslation('storefront');
  const shown = useOpenedAfterMount(opened);
  return (
    <Drawer opened={shown} onClose={close} hiddenFrom="lg" size="80%" padding="md" title={<Text fw={700}>{name}</Text>} zIndex={300}>
      <Stack gap="xs">
        <Box component="nav" aria-label={t('nav.main')}>
          {links.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={link.label} leftSection={link.icon} active={link.active} onClick={close} />
          ))}
        </Box>
        <Divider my="sm" />
        {settings?.email && (
          <Anchor href={`mailto:${settings.email}`} size="sm" c="dimmed">
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden /> {settings.email}
            </Group>
          </Anchor>
        )}
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('nav.language')}
          </Text>
          {languageSwitcher}
        </Group>
      </Stack>
    </Drawer>
  );
}
