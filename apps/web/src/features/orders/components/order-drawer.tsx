import { useState, type ReactNode } from 'react';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
import { Link } from 'react-router';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconChefHat, IconCircleCheck, IconPhoneCall, IconPrinter, IconToolsKitchen2, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { ORDER_TRANSITIONS, type TOrder, type TOrderHistoryEntry, type TOrderStatus } from '@tavolo/contracts/orders';
import { AppError } from '../../../lib/api.ts';
import { money } from '../../../lib/format.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { ReasonModal } from '../../../components/ui/reason-modal.tsx';
import { LineOptions, OrderTotals, useReadyLabel, useWantedLabel } from '../../../components/ui/order-totals.tsx';
import { DetailActions, DetailDrawer, DetailField, EmailLink, PhoneLink } from '../../../components/ui/detail-drawer.tsx';
import { useChangeOrderStatus, useOrder, useOrderingState } from '../api/orders-api.ts';
import { OrderAcceptModal } from './order-accept-modal.tsx';
import { OrderStatusBadge, STATUS_COLORS } from './order-status-badge.tsx';
import { dateTime } from '../../../lib/format.ts';

/** "by Maria", "by the guest", "automatically". */
function HistoryBy({ entry }: { entry: TOrderHistoryEntry }) {
  const { t } = useTranslation('orders');
  const who = entry.by === 'staff' ? t('history.by_staff', { name: entry.user_name ?? t('history.former_staff') }) : t(`history.by_${entry.by}`);
  return (
    <Text size="xs" c="dimmed">
      {who}
    </Text>
  );
}

/** Forward steps in the colour of the status they lead to; completing is the happy end. */
const ACTION_COLORS: Partial<Record<TOrderStatus, string>> = { accepted: 'blue', preparing: 'grape', ready: 'teal', completed: 'green' };

const ACTION_ICONS: Record<TOrderStatus, ReactNode> = {
  pending: null,
  accepted: <IconCheck size={18} />,
  preparing: <IconChefHat size={18} />,
  ready: <IconToolsKitchen2 size={18} />,
  completed: <IconCircleCheck size={18} />,
  rejected: <IconX size={18} />,
  cancelled: <IconX size={18} />,
};

function OrderDetail({ order, canManage }: { order: TOrder; canManage: boolean }) {
  const { t } = useTranslation('orders');
  const change = useChangeOrderStatus();
  const orderingState = useOrderingState();
  const withNotification = useSaveNotification();
  const [asking, setAsking] = useState<'rejected' | 'cancelled' | null>(null);
  const [accepting, setAccepting] = useState(false);
  const wanted = useWantedLabel();
  const ready = useReadyLabel();
  // Keeps the modal's words while it fades out after `asking` is cleared.
  const reasonKey = asking ?? 'rejected';
  const next = ORDER_TRANSITIONS[order.status];

  const move = useOneAtATime(async (status: TOrderStatus, reason?: string, readyInMinutes?: number) => {
    try {
      await withNotification(() => change.mutateAsync({ id: order.id, status, reason, ready_in_minutes: readyInMinutes }));
      return true;
    } catch {
      // The notification already says why in words (e.g. someone else moved the order first).
      return false;
    }
  }, false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Group gap="xs">
          <OrderStatusBadge status={order.status} size="lg" />
          {order.source === 'phone' && (
            <Badge size="lg" variant="light" color="gray" leftSection={<IconPhoneCall size={14} aria-hidden />}>
              {t('source.phone')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('detail.placed_at')}: {dateTime(order.created_at, order.time_zone)}
        </Text>
      </Group>
      <Group gap="xs">
        <Button component={Link} to={`/dashboard/orders/${order.id}/ticket`} target="_blank" variant="default" size="xs" leftSection={<IconPrinter size={16} />}>
          {t('ticket.open')}
        </Button>
        {order.created_by_name && (
          <Text size="xs" c="dimmed">
            {t('detail.entered_by', { name: order.created_by_name })}
          </Text>
        )}
      </Group>

      {canManage && next.length > 0 && (
        <DetailActions label={t('detail.actions')}>
          {next.map((status) => {
            const ending = status === 'rejected' || status === 'cancelled';
            return (
              <Button
                key={status}
                leftSection={ACTION_ICONS[status]}
                color={ending ? 'red' : ACTION_COLORS[status]}
                variant={ending ? 'light' : 'filled'}
                loading={change.isPending && change.variables?.status === status}
                disabled={change.isPending}
                onClick={() => (ending ? setAsking(status) : status === 'accepted' ? setAccepting(true) : void move(status))}
              >
                {t(`actions.${status}`)}
              </Button>
            );
          })}
        </DetailActions>
      )}
      {canManage && next.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.final')}
        </Text>
      )}
      {!canManage && next.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.view_only')}
        </Text>
      )}

      {order.cancelled_reason && (order.status === 'rejected' || order.status === 'cancelled') && (
        <Alert color="red" variant="light" title={t('detail.reason')}>
          {order.cancelled_reason}
        </Alert>
      )}

      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm">
          <DetailField label={t('detail.type')}>
            <Text size="sm" fw={600}>
              {t(`type.${order.type}`)}
            </Text>
          </DetailField>
          <DetailField label={t('detail.requested_time')}>
            <Text size="sm" fw={600}>
              {order.requested_time ? wanted(order.requested_time, order.time_zone) : t('asap')}
            </Text>
          </DetailField>
          {order.promised_at && (
            <DetailField label={t('detail.promised')}>
              <Text size="sm" fw={700} c="blue.8">
                {ready(order.promised_at, order.time_zone)}
              </Text>
            </DetailField>
          )}
          <DetailField label={t('detail.payment')}>
            <Text size="sm">{t(order.type === 'delivery' ? 'detail.payment_cash_delivery' : 'detail.payment_cash_pickup')}</Text>
          </DetailField>
        </SimpleGrid>
        {order.type === 'delivery' && order.delivery_address && (
          <DetailField label={t('detail.delivery_address')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.delivery_address}
              {order.delivery_postal_code ? `\n${order.delivery_postal_code}` : ''}
            </Text>
            {order.delivery_zone_name && (
              <Text size="xs" c="dimmed">
                {t('zone', { ns: 'order-totals', zone: order.delivery_zone_name })}
              </Text>
            )}
          </DetailField>
        )}
        <DetailField label={t('detail.customer')}>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {order.customer_name}
            </Text>
            <PhoneLink phone={order.customer_phone} label={t('detail.call', { name: order.customer_name })} />
            {order.customer_email ? (
              <EmailLink email={order.customer_email} label={t('detail.email', { name: order.customer_name })} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('detail.no_email')}
              </Text>
            )}
            {order.marketing_consent && (
              <Text size="xs" c="dimmed">
                {t('detail.marketing_consent')}
              </Text>
            )}
          </Stack>
        </DetailField>
        {order.note && (
          <Alert color="yellow" variant="light" title={t('detail.note')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {order.note}
            </Text>
          </Alert>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4} fz="md">
          {t('detail.items')}
        </Title>
        <Table verticalSpacing={6} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>{t('detail.quantity')}</Table.Th>
              <Table.Th>{t('detail.dish')}</Table.Th>
              <Table.Th ta="right">{t('detail.line_total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td fw={700}>{line.quantity}×</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {line.name}
                  </Text>
                  <LineOptions options={line.options} />
                  <Text size="xs" c="dimmed">
                    {money(line.final_unit_price_cents, order.currency_symbol)}
                    {line.discount_percent > 0 && (
                      <>
                        {' '}
                        (<s>{money(line.unit_price_cents, order.currency_symbol)}</s> {t('detail.discount_percent', { percent: line.discount_percent })})
                      </>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.line_total_cents, order.currency_symbol)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <OrderTotals totals={order} type={order.type} />
      </Stack>

      <Stack gap="xs">
        <Title order={4} fz="md">
          {t('detail.history')}
        </Title>
        <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2}>
          {order.history.map((change, index) => (
            <Timeline.Item key={index} title={t(`status.${change.status}`)} color={STATUS_COLORS[change.status]}>
              <Text size="xs" c="dimmed">
                {dateTime(change.at, order.time_zone)}
              </Text>
              <HistoryBy entry={change} />
              {change.reason && (
                <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
                  {t('history.reason', { reason: change.reason })}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>

      <OrderAcceptModal
        opened={accepting}
        number={order.number}
        timeZone={order.time_zone}
        wanted={order.requested_time}
        suggested={orderingState.data?.prep_minutes}
        saving={change.isPending}
        onClose={() => setAccepting(false)}
        onConfirm={(minutes) => move('accepted', undefined, minutes)}
      />
      <ReasonModal
        opened={asking !== null}
        labels={{
          title: t(`reason_modal.${reasonKey}_title`, { number: order.number }),
          text: t(`reason_modal.${reasonKey}_text`),
          label: t('reason_modal.label'),
          placeholder: t('reason_modal.placeholder'),
          back: t('reason_modal.back'),
          confirm: t(`reason_modal.${reasonKey}_confirm`),
        }}
        saving={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => (asking ? move(asking, reason) : Promise.resolve(false))}
      />
    </Stack>
  );
}

/** The order named by `?order_id=`: everything about it, and the next steps the user may take. */
export function OrderDrawer({ orderId, canManage, onClose }: { orderId: string | null; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const missing = order.error instanceof AppError && (order.error.code === 'NOT_FOUND' || order.error.code === 'VALIDATION');

  return (
    <DetailDrawer
      opened={Boolean(orderId)}
      onClose={onClose}
      title={order.data ? t('detail.title', { number: order.data.number }) : t('title')}
      closeLabel={t('detail.close')}
      loadingLabel={t('detail.loading')}
      errorMessage={order.isError ? (missing ? t('detail.not_found') : order.error.message) : null}
    >
      {order.data && <OrderDetail order={order.data} canManage={canManage} />}
    </DetailDrawer>
  );
}
