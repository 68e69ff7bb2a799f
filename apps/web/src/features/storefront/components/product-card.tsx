import { useState, type ReactNode } from 'react';
import { Badge, Card, CardSection, Center, Group, Stack, Text, VisuallyHidden } from '../../../components/lite/index.ts';
import { IconStarFilled, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { lowestPriceCents } from '@tavolo/contracts/cart';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { money, oneDecimal } from '../../../lib/format.ts';
import type { MenuView } from '../hooks/use-menu-filters.ts';
import { AllergenInfo, DietIcons } from './dietary.tsx';

// Intrinsic size of the picture (4:3), so the browser reserves the space before it loads.
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;

function ProductImage({ product, height, width, priority }: { product: TPublicProduct; height: number | string; width: number | string; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  const dim = !product.available ? { filter: 'grayscale(0.8)', opacity: 0.7 } : undefined;
  if (!product.image || failed) {
    return (
      <Center style={{ background: 'var(--mantine-color-gray-1)', height, width, color: 'var(--mantine-color-gray-5)', flexShrink: 0, ...dim }} aria-hidden>
        <IconToolsKitchen2 size={40} stroke={1.5} />
      </Center>
    );
  }
  return (
    <img
      src={product.image}
      alt={product.name}
      // The first pictures are the page's largest paint: fetched at once and first, the rest when scrolled near.
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      onError={() => setFailed(true)}
      style={{ display: 'block', width, height, objectFit: 'cover', flexShrink: 0, background: 'var(--mantine-color-gray-1)', ...dim }}
    />
  );
}

function Price({ product, symbol }: { product: TPublicProduct; symbol: string }) {
  const { t } = useTranslation('storefront');
  const hasDiscount = product.discount > 0 && product.final_price_cents < product.price_cents;
  // A required size that costs more or less than the dish: "from" the least it can be had for.
  const lowest = lowestPriceCents(product);
  const from = lowest !== product.final_price_cents;
  const price = (cents: number) => (from ? t('product.from_price', { price: money(cents, symbol) }) : money(cents, symbol));
  return (
    <Group gap={8} align="baseline" wrap="nowrap">
      <Text fw={700} fz="lg" c={hasDiscount ? 'var(--mantine-primary-color-8)' : undefined}>
        {hasDiscount && (
          <VisuallyHidden component="span">
            {t('product.now')}{' '}
          </VisuallyHidden>
        )}
        {price(lowest)}
      </Text>
      {hasDiscount && (
        <Text component="s" size="sm" c="dimmed">
          <VisuallyHidden component="span">
            {t('product.was')}{' '}
          </VisuallyHidden>
          {price(from ? lowestPriceCents({ ...product, discount: 0 }) : product.price_cents)}
        </Text>
      )}
    </Group>
  );
}

function Details({ product }: { product: TPublicProduct }) {
  const { t } = useTranslation('storefront');
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} lineClamp={2} component="h3" fz="md" style={{ margin: 0 }}>
          {product.name}
        </Text>
        {product.rating > 0 && (
          <Group gap={3} wrap="nowrap" style={{ color: 'var(--mantine-color-yellow-7)', flexShrink: 0 }} role="img" aria-label={t('product.rating', { rating: oneDecimal(product.rating) })}>
            <IconStarFilled size={14} aria-hidden />
            <Text size="sm" fw={600} c="gray.7" aria-hidden>
              {oneDecimal(product.rating)}
            </Text>
          </Group>
        )}
      </Group>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="var(--mantine-primary-color-8)" fw={600} style={{ textTransform: 'uppercase', letterSpacing: 0.4 }}>
          {product.category.name}
        </Text>
        {(product.diet_tags?.length > 0 || product.allergens?.length > 0) && (
          <Group gap={4} wrap="nowrap">
            <DietIcons tags={product.diet_tags ?? []} />
            <AllergenInfo allergens={product.allergens ?? []} name={product.name} />
          </Group>
        )}
      </Group>
      {product.description && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {product.description}
        </Text>
      )}
    </>
  );
}

function Availability({ available }: { available: boolean }) {
  const { t } = useTranslation('storefront');
  return (
    <Badge color={available ? 'green' : 'gray'} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {available ? t('product.available') : t('product.unavailable')}
    </Badge>
  );
}

function DiscountBadge({ discount }: { discount: number }) {
  const { t } = useTranslation('storefront');
  return (
    <Badge color="red" variant="filled" autoContrast={false} radius="sm" style={{ position: 'absolute', top: 10, left: 10 }} aria-label={t('product.discount_label', { discount })}>
      {t('product.discount_badge', { discount })}
    </Badge>
  );
}

/** One dish: picture, discount, name, category, description, availability, price and the page's action (add to cart). */
export function ProductCard({
  product,
  symbol,
  view,
  action,
  priority,
}: {
  product: TPublicProduct;
  symbol: string;
  view: MenuView;
  action?: ReactNode;
  /** One of the first cards on screen: its picture loads eagerly, with high priority. */
  priority?: boolean;
}) {
  if (view === 'list') {
    return (
      <Card component="article" withBorder radius="md" padding={0}>
        <Group gap={0} wrap="nowrap" align="stretch">
          {/* Its width by screen width: storefront.css. */}
          <div className="tavolo-dish-thumb">
            <ProductImage product={product} width="100%" height="100%" priority={priority} />
            {product.discount > 0 && <DiscountBadge discount={product.discount} />}
          </div>
          <Stack gap={6} className="tavolo-dish-body">
            <Details product={product} />
            <Group justify="space-between" gap="xs" style={{ marginTop: 'auto' }}>
              <Price product={product} symbol={symbol} />
              <Availability available={product.available} />
            </Group>
            {action && <Group justify="flex-end">{action}</Group>}
          </Stack>
        </Group>
      </Card>
    );
  }
  return (
    <Card component="article" withBorder radius="md" padding="md" style={{ height: '100%' }}>
      <CardSection style={{ position: 'relative' }}>
        <ProductImage product={product} width="100%" height={190} priority={priority} />
        {product.discount > 0 && <DiscountBadge discount={product.discount} />}
      </CardSection>
      <Stack gap={6} style={{ marginTop: 'var(--mantine-spacing-md)', flex: 1 }}>
        <Details product={product} />
        <Group justify="space-between" gap="xs" style={{ marginTop: 'auto', paddingTop: 'var(--mantine-spacing-xs)' }}>
          <Price product={product} symbol={symbol} />
          <Availability available={product.available} />
        </Group>
        {action}
      </Stack>
    </Card>
  );
}
