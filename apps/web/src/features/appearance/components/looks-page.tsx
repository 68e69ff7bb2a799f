import type { ReactNode } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TAppearance } from '@tavolo/contracts/appearance';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { AppearanceLoader } from './appearance-loader.tsx';

interface Props {
  title: string;
  subtitle: string;
  children: (looks: TAppearance) => ReactNode;
}

/** The frame of the three looks pages: heading, a link to the live storefront, loading states (the dashboard layout refuses roles without appearance.manage). */
export function LooksPage({ title, subtitle, children }: Props) {
  const { t } = useTranslation('appearance');
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Anchor href="/" target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap">
              {t('view_storefront')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        }
      />
      <AppearanceLoader>{children}</AppearanceLoader>
    </Stack>
  );
}
