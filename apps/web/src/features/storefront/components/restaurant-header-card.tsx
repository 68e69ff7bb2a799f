import { Badge, Box, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { bannerSrcSet, type THeaderStyle } from '@tavolo/contracts/looks';
import type { TTenantDetails } from '@tavolo/contracts/storefront';
import { RestaurantAvatar } from './restaurant-avatar.tsx';

interface Props {
  details: TTenantDetails;
  description?: string | null;
  /** The restaurant's chosen header style (dashboard → Layout); classic when not given. */
  headerStyle?: THeaderStyle;
  /** The banner picture (banner style); without one the banner is a band in the restaurant's colours. */
  banner?: string | null;
}

/** 00:00–23:59 is open around the clock (a time field has no 24:00; contracts/time reads 23:59 as midnight). */
const isAllDay = (hours: { open: string; close: string }) => hours.open === '00:00' && hours.close === '23:59';

/** Logo, name, open/closed, where and when to pick up (SPEC §2.2), laid out as the restaurant chose. */
export function RestaurantHeaderCard({ details, description, headerStyle = 'classic', banner }: Props) {
  const { t } = useTranslation('storefront');
  const centered = headerStyle === 'centered';
  const Layout = centered ? Stack : Group;
  const open = details.is_active && details.open_now;
  // Staff paused online orders for a while: the restaurant is open but busy (the notice below says until when).
  const busy = open && !!details.paused_until && new Date(details.paused_until) > new Date();

  const card = (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow={headerStyle === 'banner' ? 'md' : 'xs'} pos="relative" data-header-style={headerStyle}>
      <Layout gap={centered ? 'sm' : 'lg'} wrap="nowrap" align={centered ? 'center' : 'flex-start'} ta={centered ? 'center' : undefined}>
        {/* Its size by screen width: restaurant-logo.css. */}
        <Box className="tavolo-restaurant-logo">
          <RestaurantAvatar name={details.business_name} logo={details.logo} size="var(--tavolo-logo-size)" />
        </Box>
        <Stack gap={8} miw={0} style={{ flex: 1 }} align={centered ? 'center' : undefined}>
          <Group gap="sm" align="center" justify={centered ? 'center' : undefined}>
            <Title order={1} fz={{ base: 22, sm: 30 }} lh={1.2}>
              {details.business_name}
            </Title>
            {/* OPEN needs both: taking orders (is_active) and inside today's hours. */}
            <Badge color={busy ? 'orange' : open ? 'green' : 'red'} variant="light" size="lg" radius="sm">
              {busy ? t('header.busy') : open ? t('header.open') : t('header.closed')}
            </Badge>
            <Text size="sm" c="dimmed">
              {!details.today_hours ? t('header.closed_today') : isAllDay(details.today_hours) ? t('header.all_day') : t('header.today', details.today_hours)}
            </Text>
          </Group>
          {description && (
            <Text c="dimmed" size="sm" maw={640}>
              {description}
            </Text>
          )}
          <Group mt={4} c="gray.7" justify={centered ? 'center' : undefined} style={{ columnGap: 'var(--mantine-spacing-lg)', rowGap: 6 }}>
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
      </Layout>
    </Paper>
  );

  if (headerStyle !== 'banner') return card;
  // The banner: the picture (or the restaurant's colours) fills the band, the card sits over its lower part.
  return (
    <Box
      pos="relative"
      p={{ base: 'sm', sm: 'xl' }}
      pt={{ base: 120, sm: 200 }}
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        overflow: 'hidden',
        background: 'linear-gradient(135deg, var(--mantine-primary-color-filled), var(--mantine-color-accent-filled, var(--mantine-primary-color-light)))',
      }}
    >
      {banner && (
        <img
          src={banner}
          srcSet={bannerSrcSet(banner)}
          sizes="(min-width: 1200px) 1200px, 100vw"
          alt=""
          data-testid="storefront-banner"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {card}
    </Box>
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
