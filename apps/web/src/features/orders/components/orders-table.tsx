import { Badge, Center, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconBike, IconShoppingBag } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOrder } from '@tavolo/contracts/orders';
import { money } from '../../../lib/format.ts';
import { wantedAt } from '../../../components/ui/order-totals-rows.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { dateTime, timeOnly } from '../../../lib/format.ts';

const PENDING_BG = 'var(--mantine-color-orange-light)';

export const itemCount = (order: TOrder) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

export function TypeLabel({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const Icon = order.type === 'delivery' ? IconBike : IconShoppingBag;
  // Orders for another day stand out: "Scheduled for Thu, 26 Nov 19:30".
  const later = order.requested_time ? wantedAt(order.requested_time, order.time_zone) : null;
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        <Icon size={16} stroke={1.6} aria-hidden />
        <Text size="sm">{t(`type.${order.type}`)}</Text>
      </Group>
      {later?.day ? (
        <Badge size="sm" variant="light" color="violet" styles={{ label: { textTransform: 'none' } }}>
          {t('scheduled_for', { ns: 'order-totals', when: `${later.day} ${later.time}` })}
        </Badge>
      ) : (
        <Text size="xs" c={order.requested_time ? undefined : 'dimmed'} fw={order.requested_time ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
          {order.requested_time ? t('for_time', { time: timeOnly(order.requested_time, order.time_zone) }) : t('asap')}
        </Text>
      )}
    </Stack>
  );
}

interface Props {
  orders: TOrder[];
  selectedId: string | null;
  onOpen: (order: TOrder) => void;
}

/** One page of orders for wide screens; a row opens the order, pending ones stand out. */
export function OrdersTable({ orders, selectedId, onOpen }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.number')}</Table.Th>
            <Table.Th>{t('columns.placed')}</Table.Th>
            <Table.Th>{t('columns.customer')}</Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.items')}</Table.Th>
            <Table.Th ta="right">{t('columns.total')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr
              key={order.id}
              onClick={() => onOpen(order)}
              style={{ cursor: 'pointer' }}
              bg={order.id === selectedId ? 'var(--mantine-primary-color-light)' : order.status === 'pending' ? PENDING_BG : undefined}
              data-status={order.status}
            >
              <Table.Td>
                {/* The row is clickable; this button makes it reachable by keyboard and screen readers. */}
                <UnstyledButton
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(order);
                  }}
                  aria-label={t('open_order', { number: order.number })}
                  fw={700}
                  fz="sm"
                >
                  {t('number', { number: order.number })}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {dateTime(order.created_at, order.time_zone)}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {order.customer_name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {order.customer_phone}
                </Text>
              </Table.Td>
              <Table.Td>
                <TypeLabel order={order} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('items_count', { count: itemCount(order) })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(order.total_cents, order.currency_symbol)}
                </Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!orders.length && (
        <Center py="xl">
          <Text c="dimmed">{t('no_results')}</Text>
        </Center>
      )}
    </Table.ScrollContainer>
  );
}
