import { Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '../../../components/lite/index.ts';
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
  const open = details.is_active && details.open_now;
  // Staff paused online orders for a while: the restaurant is open but busy (the notice below says until when).
  const busy = open && !!details.paused_until && new Date(details.paused_until) > new Date();

  const content = (
    <>
      <div className="tavolo-restaurant-logo">
        <RestaurantAvatar name={details.business_name} logo={details.logo} size="var(--tavolo-logo-size)" />
      </div>
      <Stack gap={8} style={{ minWidth: 0, flex: 1 }} align={centered ? 'center' : undefined}>
        <Group gap="sm" align="center" justify={centered ? 'center' : undefined}>
          <Title order={1} className="tavolo-header-card-title">
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
          <Text c="dimmed" size="sm" style={{ maxWidth: 640 }}>
            {description}
          </Text>
        )}
        <Group justify={centered ? 'center' : undefined} style={{ marginTop: 4, color: 'var(--mantine-color-gray-7)', columnGap: 'var(--mantine-spacing-lg)', rowGap: 6 }}>
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
    </>
  );
  const card = (
    // Paddings, the logo's and the title's size by screen width: storefront.css.
    <Paper withBorder radius="lg" shadow={headerStyle === 'banner' ? 'md' : 'xs'} className="tavolo-header-card" style={{ position: 'relative' }} data-header-style={headerStyle}>
      {centered ? (
        <Stack gap="sm" align="center" style={{ textAlign: 'center' }}>
          {content}
        </Stack>
      ) : (
        <Group gap="lg" wrap="nowrap" align="flex-start">
          {content}
        </Group>
      )}
    </Paper>
  );

  if (headerStyle !== 'banner') return card;
  // The banner: the picture (or the restaurant's colours) fills the band, the card sits over its lower part.
  return (
    <div
      className="tavolo-header-banner"
      style={{
        position: 'relative',
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
    </div>
  );
}

export function RestaurantHeaderCardSkeleton() {
  return (
    <Paper withBorder radius="lg" className="tavolo-header-card" aria-hidden>
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
