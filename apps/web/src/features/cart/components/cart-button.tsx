import { ActionIcon, Avatar, Button, Drawer, Group, Indicator, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMinus, IconPlus, IconShoppingCart, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money } from '../../../lib/format.ts';
import { cart, lineKey, lineUnitCents, useCart, type CartLine } from '../hooks/use-cart.ts';

/** One line with the SPEC §4 controls: minus (removes at 1), plus, trash. */
export function CartLineRow({ line, symbol }: { line: CartLine; symbol: string }) {
  const { t } = useTranslation('cart');
  const { product, quantity } = line;
  const key = lineKey(line);
  const chosen = (line.options ?? []).map((o) => o.name).join(', ');
  const label = chosen ? `${product.name} (${chosen})` : product.name;
  return (
    <Group wrap="nowrap" gap="sm" align="center">
      <Avatar src={product.image} radius="md" size={48} alt="">
        <IconToolsKitchen2 size={20} aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {product.name}
        </Text>
        {chosen && (
          <Text size="xs" c="dimmed" lineClamp={2} data-testid="cart-line-options">
            {chosen}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {money(lineUnitCents(line), symbol)}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="md" onClick={() => cart.decrement(key)} aria-label={t('decrease', { name: label })}>
          <IconMinus size={14} />
        </ActionIcon>
        <Text w={24} ta="center" fw={600} aria-live="polite" aria-label={t('quantity', { count: quantity })}>
          {quantity}
        </Text>
        <ActionIcon variant="default" size="md" onClick={() => cart.increment(key)} aria-label={t('increase', { name: label })}>
          <IconPlus size={14} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" size="md" onClick={() => cart.remove(key)} aria-label={t('remove', { name: label })}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The header's cart icon with its count, and the cart drawer it opens. */
export function CartButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation('cart');
  const [opened, { open, close }] = useDisclosure(false);
  const { lines, count, totalCents } = useCart();

  return (
    <>
      <Indicator label={count} size={18} disabled={!count} offset={4} color="red">
        <ActionIcon variant="subtle" color="dark" size="lg" onClick={open} aria-label={t('open', { count })}>
          <IconShoppingCart size={22} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" title={<Text fw={700}>{t('title')}</Text>} zIndex={300} size="md">
        {lines.length === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <IconShoppingCart size={40} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">{t('empty')}</Text>
            <Button variant="light" onClick={close}>
              {t('browse')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Stack gap="md">
              {lines.map((line) => (
                <CartLineRow key={lineKey(line)} line={line} symbol={symbol} />
              ))}
            </Stack>
            <Group justify="space-between" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fw={600}>{t('total')}</Text>
              <Text fw={700} fz="lg" data-testid="cart-total">
                {money(totalCents, symbol)}
              </Text>
            </Group>
            <Button component={Link} to="/checkout" onClick={close} size="md" fullWidth>
              {t('checkout')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => cart.clear()}>
              {t('clear')}
            </Button>
          </Stack>
        )}
      </Drawer>
    </>
  );
}
