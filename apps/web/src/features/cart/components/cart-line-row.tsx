import { ActionIcon, Avatar, Group, rem, Stack, Text } from '../../../components/lite/index.ts';
import { IconMinus, IconPlus, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { money } from '../../../lib/format.ts';
import { MAX_LINE_QUANTITY } from '@tavolo/contracts/cart';
import { cart, lineKey, lineUnitCents, type CartLine } from '../hooks/use-cart.ts';

/** One line with the SPEC §4 controls: minus (removes at 1), plus, trash. `unitCents`: the server's price, when known. */
export function CartLineRow({ line, symbol, unitCents }: { line: CartLine; symbol: string; unitCents?: number }) {
  const { t } = useTranslation('cart');
  const { product, quantity } = line;
  const key = lineKey(line);
  const chosen = (line.options ?? []).map((o) => o.name).join(', ');
  const label = chosen ? `${product.name} (${chosen})` : product.name;
  const unit = unitCents ?? lineUnitCents(line);
  // The most one order takes (the server refuses more): "+" stops there and says so.
  const atMost = quantity >= MAX_LINE_QUANTITY;
  return (
    // Where the name would get less than 8rem (a 320 px phone's checkout broke "Spaghetti" in two), the controls go
    // to a line of their own, at the right.
    <Group wrap="wrap" gap="sm" align="center">
      <Avatar src={product.image} radius="md" size={48} color="gray" alt="">
        <IconToolsKitchen2 size={20} aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ flex: '1 1 8rem', minWidth: 0 }}>
        {/* Two lines before it is cut: on a phone, one cut "Bruschetta al Pomodoro" to "Bruschetta al Pom…". */}
        <Text fw={600} size="sm" lineClamp={2} title={product.name} style={{ overflowWrap: 'break-word' }}>
          {product.name}
        </Text>
        {chosen && (
          <Text size="xs" c="dimmed" lineClamp={2} data-testid="cart-line-options">
            {chosen}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {quantity > 1 ? t('line_total', { unit: money(unit, symbol), count: quantity, total: money(unit * quantity, symbol) }) : money(unit, symbol)}
          {atMost && ` · ${t('at_most', { count: MAX_LINE_QUANTITY })}`}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ marginInlineStart: 'auto' }}>
        <ActionIcon variant="default" size="md" onClick={() => cart.decrement(key)} aria-label={t('decrease', { name: label })}>
          <IconMinus size={14} />
        </ActionIcon>
        <Text style={{ width: rem(24), textAlign: 'center' }} fw={600} aria-live="polite" aria-label={t('quantity', { count: quantity })}>
          {quantity}
        </Text>
        <ActionIcon variant="default" size="md" onClick={() => cart.increment(key)} disabled={atMost} aria-label={t('increase', { name: label })}>
          <IconPlus size={14} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" size="md" onClick={() => cart.remove(key)} aria-label={t('remove', { name: label })}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
