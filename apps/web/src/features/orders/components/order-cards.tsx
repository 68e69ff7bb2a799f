import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOrder } from '@tavolo/contracts/orders';
import { money } from '../../../lib/format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { dateTime } from '../../../lib/format.ts';
import { TypeLabel, itemCount } from './orders-table.tsx';

interface Props {
  orders: TOrder[];
  selectedId: string | null;
  onOpen: (order: TOrder) => void;
}

/** The orders table as tappable cards, for phones. */
export function OrderCards({ orders, selectedId, onOpen }: Props) {
  const { t } = useTranslation('orders');
  if (!orders.length) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('no_results')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {orders.map((order) => (
        <UnstyledButton key={order.id} onClick={() => onOpen(order)} aria-label={t('open_order', { number: order.number })} data-status={order.status}>
          <Paper
            withBorder
            radius="md"
            p="sm"
            bg={order.id === selectedId ? 'var(--mantine-primary-color-light)' : order.status === 'pending' ? 'var(--mantine-color-orange-light)' : undefined}
            style={order.status === 'pending' ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
          >
            {/* Number and status share the first row, the guest's name has the second to itself: beside the badge a
                name and the date wrapped mid-phrase on a phone. */}
            <Group justify="space-between" wrap="nowrap" align="center">
              <Text fw={700} size="sm">
                {t('number', { number: order.number })}
              </Text>
              <OrderStatusBadge status={order.status} />
            </Group>
            <Text fw={600} size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
              {order.customer_name}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(order.created_at, order.time_zone)} · {t('items_count', { count: itemCount(order) })}
            </Text>
            <Group justify="space-between" mt="xs" wrap="nowrap" align="flex-end">
              <TypeLabel order={order} />
              <Text fw={700} size="sm">
                {money(order.total_cents, order.currency_symbol)}
              </Text>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
