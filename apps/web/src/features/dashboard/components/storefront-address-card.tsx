import { ActionIcon, Anchor, CopyButton, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconWorld } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';

/** The address guests use, with copy and open. */
export function StorefrontAddressCard({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder radius="md" p="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color="blue" aria-hidden visibleFrom="xs">
          <IconWorld size={24} />
        </ThemeIcon>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={600}>{t('home.storefront_title')}</Text>
          <Text size="sm" c="dimmed">
            {t('home.storefront_text')}
          </Text>
          <Group gap="xs" wrap="nowrap" mt={4}>
            <Paper bg="gray.0" withBorder px="sm" py={6} radius="sm" miw={0} style={{ flex: '0 1 auto' }}>
              <Anchor href={url} target="_blank" rel="noopener noreferrer" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                {url}
              </Anchor>
            </Paper>
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('home.copied') : t('home.copy')} withArrow>
                  <ActionIcon variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label={copied ? t('home.copied') : t('home.copy')}>
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={600} mt={4} w="fit-content">
            <Group gap={4} wrap="nowrap">
              {t('home.open_storefront')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
