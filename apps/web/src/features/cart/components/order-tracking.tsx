import { Alert, Badge, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertCircle, IconCircleCheck, IconClock, IconWifiOff, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOrderStatus, TTrackedOrder } from '@tavolo/contracts/orders';
import { AppError } from '../../../lib/api.ts';
import { dateTimeLong, isolate, money, timeOnly } from '../../../lib/format.ts';
import { PageLoadError } from '../../../components/ui/query-states.tsx';
import { LineOptions, OrderTotals, useReadyLabel, useWantedLabel } from '../../../components/ui/order-totals.tsx';
import { useTrackedOrder } from '../hooks/use-checkout.ts';

const STEPS: TOrderStatus[] = ['pending', 'accepted', 'preparing', 'ready', 'completed'];

/** The restaurant's promise, while the order is on its way to being ready. */
const PROMISE_SHOWN: TOrderStatus[] = ['accepted', 'preparing'];
/** Refused or cancelled: no longer "sent to the restaurant", and nothing is owed for it. */
const hasEnded = (status: TOrderStatus) => status === 'rejected' || status === 'cancelled';

function Progress({ order }: { order: TTrackedOrder }) {
  const { t } = useTranslation('cart');
  if (hasEnded(order.status)) {
    return (
      <Alert color="red" icon={<IconX />} title={t(`status.${order.status}`)}>
        {order.cancelled_reason ? t('reason', { reason: order.cancelled_reason }) : null}
      </Alert>
    );
  }
  const at = (status: TOrderStatus) => order.history.find((h) => h.status === status)?.at;
  const active = STEPS.indexOf(order.status);
  return (
    <Stepper active={order.status === 'completed' ? STEPS.length : active} orientation="vertical" size="sm" iconSize={30} aria-label={t('progress')}>
      {STEPS.map((status) => {
        const reached = at(status);
        return (
          <Stepper.Step
            key={status}
            label={t(`status.${status}`)}
            description={reached ? timeOnly(reached, order.time_zone) : t(`status_hint.${status}${status === 'ready' ? `_${order.type}` : ''}`)}
          />
        );
      })}
    </Stepper>
  );
}

/** The guest's order and where it is; refreshes by itself while the kitchen works on it. */
export function OrderTracking({ token, placed }: { token: string; placed: boolean }) {
  const { t } = useTranslation('cart');
  const query = useTrackedOrder(token);
  const wanted = useWantedLabel();
  const ready = useReadyLabel();

  if (query.isLoading) return <Loader aria-label={t('tracking_loading')} />;
  if (!query.data) {
    // Only the server's "no such order" (or a token that cannot be one) means the link is wrong; anything else, the
    // server down among them, is worth a retry.
    if (query.error instanceof AppError && (query.error.code === 'NOT_FOUND' || query.error.code === 'VALIDATION')) {
      return (
        <Stack gap="md" align="flex-start">
          <Alert color="red" icon={<IconAlertCircle />} title={t('not_found_title')} w="100%">
            {t('not_found')}
          </Alert>
          <Button component={Link} to="/" variant="light">
            {t('browse')}
          </Button>
        </Stack>
      );
    }
    return <PageLoadError title={t('tracking_failed')} error={query.error} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const order = query.data;
  const symbol = order.currency_symbol;
  const ended = hasEnded(order.status);
  return (
    <Stack gap="lg">
      {query.isRefetchError && (
        <Alert color="yellow" icon={<IconWifiOff />} role="status" title={t('tracking_offline_title')}>
          {t('tracking_offline')}
        </Alert>
      )}
      {placed && !ended && (
        <Alert color="green" icon={<IconCircleCheck />} title={t('thanks_title')}>
          {t('thanks', { number: order.number })}
        </Alert>
      )}
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {t('order_number', { number: order.number })}
          </Title>
          <Text c="dimmed" size="sm">
            {t('placed_at', { time: dateTimeLong(order.created_at, order.time_zone) })}
          </Text>
        </Stack>
        <Badge size="lg" variant="light" color={ended ? 'red' : order.status === 'pending' ? 'yellow' : 'green'}>
          {t(`status.${order.status}`)}
        </Badge>
      </Group>
      {order.promised_at && PROMISE_SHOWN.includes(order.status) && (
        <Alert color="green" variant="light" icon={<IconClock />} title={ready(order.promised_at, order.time_zone)}>
          {t(`ready_at_hint_${order.type}`)}
        </Alert>
      )}
      <Card withBorder radius="md" p="md">
        <Progress order={order} />
      </Card>
      <Card withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600}>
            {order.type === 'delivery' ? t('delivery_to', { address: [order.delivery_address, order.delivery_postal_code].filter((part): part is string => Boolean(part)).map(isolate).join(', ') }) : t('pickup')}
            {' · '}
            {order.requested_time ? wanted(order.requested_time, order.time_zone) : t('asap')}
          </Text>
          {order.note && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('your_note', { note: isolate(order.note) })}
            </Text>
          )}
          {order.lines.map((line, index) => (
            <Group key={index} justify="space-between" wrap="nowrap" align="flex-start" data-testid="order-line">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm">
                  {line.quantity} × {line.name}
                </Text>
                <LineOptions options={line.options} symbol={symbol} />
              </Stack>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {money(line.line_total_cents, symbol)}
              </Text>
            </Group>
          ))}
          <OrderTotals totals={order} type={order.type} />
          <Text size="sm" c="dimmed">
            {ended ? t('nothing_to_pay') : order.type === 'delivery' ? t('pay_on_delivery') : t('pay_at_pickup')}
          </Text>
        </Stack>
      </Card>
      <Text size="sm" c="dimmed">
        {t('keep_link')}
      </Text>
    </Stack>
  );
}
