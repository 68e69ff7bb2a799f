import { Badge, Group, Paper, Skeleton, Stack, Text, Title, useMatches, VisuallyHidden } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TTenantDetails } from '@tavolo/contracts/storefront';
import { RestaurantAvatar } from './restaurant-avatar.tsx';

/** Logo, name, open/closed, where and when to pick up (SPEC §2.2). */
export function RestaurantHeaderCard({ details, description }: { details: TTenantDetails; description?: string | null }) {
  const { t } = useTranslation('storefront');
  const logoSize = useMatches({ base: 60, sm: 88 });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <RestaurantAvatar name={details.business_name} logo={details.logo} size={logoSize} />
        <Stack gap={8} miw={0} style={{ flex: 1 }}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 22, sm: 30 }} lh={1.2}>
              {details.business_name}
            </Title>
            <Badge color={details.is_active ? 'green' : 'red'} variant="light" size="lg" radius="sm">
              {details.is_active ? t('header.open') : t('header.closed')}
            </Badge>
          </Group>
          {description && (
            <Text c="dimmed" size="sm" maw={640}>
              {description}
            </Text>
          )}
          <Group mt={4} c="gray.7" style={{ columnGap: 'var(--mantine-spacing-lg)', rowGap: 6 }}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
              <Text size="sm">
                <VisuallyHidden component="span">
                  {t('header.address')}:{' '}
                </VisuallyHidden>
                {[details.address, details.country].filter(Boolean).join(', ')}
              </Text>
            </Group>
            {details.pickup_start_end_time && (
              <Group gap={6} wrap="nowrap">
                <IconClock size={18} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm">{t('header.pickup', { time: details.pickup_start_end_time })}</Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

export function RestaurantHeaderCardSkeleton() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-hidden>
      <Group gap="lg" wrap="nowrap">
        <Skeleton circle height={88} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <Skeleton height={28} width="50%" />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      </Group>
    </Paper>
  );
}
