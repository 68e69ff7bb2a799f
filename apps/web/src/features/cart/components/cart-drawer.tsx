import { useEffect, useRef } from 'react';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { money } from '../../../lib/format.ts';
import { cart, lineKey, useCart } from '../hooks/use-cart.ts';
import { quotedUnits, useQuote } from '../hooks/use-quote.ts';
import { useOpenedAfterMount } from '../../../components/ui/use-opened-once.ts';
import { CartLineRow } from './cart-line-row.tsx';

/** The cart drawer the header's cart button opens; its own chunk, loaded on the first opening (cart-button.tsx). */
export default function CartDrawer({ opened, close, symbol }: { opened: boolean; close: () => void; symbol: string }) {
  const { t } = useTranslation('cart');
  const { lines, totalCents } = useCart();
  const shown = useOpenedAfterMount(opened);
  // The server's prices: the cart keeps the dishes as they were when added, and the restaurant may have changed a
  // price since. The same question as the checkout's first, so the checkout then opens with its answer at hand.
  const quote = useQuote(lines, 'pickup', {}, shown);
  const unitPrices = quotedUnits(quote.data);
  const subtotal = lines.every((line) => unitPrices.has(lineKey(line)))
    ? lines.reduce((sum, line) => sum + unitPrices.get(lineKey(line))! * line.quantity, 0)
    : totalCents;
  // The last line removed took the focused button with it: the focus goes on to what the drawer now offers.
  const browse = useRef<HTMLButtonElement>(null);
  const empty = lines.length === 0;
  useEffect(() => {
    if (empty && shown && browse.current && !browse.current.contains(document.activeElement)) browse.current.focus();
  }, [empty, shown]);
  /** Empties the cart at once, with a few seconds to take it back (one tap cost the whole order). */
  const clear = () => {
    const held = cart.clear();
    const id = notifications.show({
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t('cleared')}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              cart.restore(held);
              notifications.hide(id);
            }}
          >
            {t('undo')}
          </Button>
        </Group>
      ),
      autoClose: 8000,
    });
  };
  return (
    <Drawer opened={shown} onClose={close} position="right" title={<Text fw={700}>{t('title')}</Text>} zIndex={300} size="md">
      {empty ? (
        <Stack align="center" py="xl" gap="sm">
          <IconShoppingCart size={40} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed">{t('empty')}</Text>
          <Button variant="light" onClick={close} ref={browse}>
            {t('browse')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap="md">
            {lines.map((line) => (
              <CartLineRow key={lineKey(line)} line={line} symbol={symbol} unitCents={unitPrices.get(lineKey(line))} />
            ))}
          </Stack>
          <Group justify="space-between" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={600}>{t('subtotal')}</Text>
            <Text fw={700} fz="lg" data-testid="cart-total">
              {money(subtotal, symbol)}
            </Text>
          </Group>
          {/* The menu prices: the checkout's total has the restaurant's discount, a delivery fee, tax and a tip. */}
          <Text size="xs" c="dimmed" style={{ marginTop: -8 }}>
            {t('subtotal_note')}
          </Text>
          <Button component={Link} to="/checkout" onClick={close} size="md" fullWidth>
            {t('checkout')}
          </Button>
          <Button variant="subtle" color="red" onClick={clear}>
            {t('clear')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
