import { Alert, Badge, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderStatus, TTrackedOrder } from '@tavolo/contracts/orders';
import { money } from '../../../lib/format.ts';
import { useTrackedOrder } from '../hooks/use-checkout.ts';

const STEPS: TOrderStatus[] = ['pending', 'accepted', 'preparing', 'ready', 'completed'];

/** HH:MM in the guest's language; on the restaurant's clock when its time zone is given. */
function time(iso: string, lang: string, timeZone?: string) {
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-US', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** The restaurant's promise, while the order is on its way to being ready. */
const PROMISE_SHOWN: TOrderStatus[] = ['accepted', 'preparing'];

function Progress({ order }: { order: TTrackedOrder }) {
  const { t, i18n } = useTranslation('cart');
  if (order.status === 'rejected' || order.status === 'cancelled') {
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
            description={reached ? time(reached, i18n.language) : t(`status_hint.${status}${status === 'ready' ? `_${order.type}` : ''}`)}
          />
        );
      })}
    </Stepper>
  );
}

/** The guest's order and where it is; refreshes by itself while the kitchen works on it. */
export function OrderTracking({ token, placed }: { token: string; placed: boolean }) {
  const { t, i18n } = useTranslation('cart');
  const query = useTrackedOrder(token);

  if (query.isLoading) return <Loader />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('not_found_title')}>
        {t('not_found')}
      </Alert>
    );
  }
  const order = query.data;
  const symbol = order.currency_symbol;
  return (
    <Stack gap="lg">
      {placed && (
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
            {t('placed_at', { time: new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.created_at)) })}
          </Text>
        </Stack>
        <Badge size="lg" variant="light" color={order.status === 'rejected' || order.status === 'cancelled' ? 'red' : order.status === 'pending' ? 'yellow' : 'green'}>
          {t(`status.${order.status}`)}
        </Badge>
      </Group>
      {order.promised_at && PROMISE_SHOWN.includes(order.status) && (
        <Alert color="green" variant="light" icon={<IconClock />} title={t('ready_at', { time: time(order.promised_at, i18n.language, order.time_zone) })}>
          {t(`ready_at_hint_${order.type}`)}
        </Alert>
      )}
      <Card withBorder radius="md" p="md">
        <Progress order={order} />
      </Card>
      <Card withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600}>
            {order.type === 'delivery' ? t('delivery_to', { address: order.delivery_address ?? '' }) : t('pickup')}
            {' · '}
            {order.requested_time ? t('today_at', { time: time(order.requested_time, i18n.language) }) : t('asap')}
          </Text>
          {order.lines.map((line) => (
            <Group key={line.name} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {line.quantity} × {line.name}
              </Text>
              <Text size="sm">{money(line.line_total_cents, symbol)}</Text>
            </Group>
          ))}
          {order.discount_cents > 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('discount', { percent: order.discount_percent })}</Text>
              <Text size="sm">− {money(order.discount_cents, symbol)}</Text>
            </Group>
          )}
          {order.delivery_fee_cents > 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('delivery_fee')}</Text>
              <Text size="sm">{money(order.delivery_fee_cents, symbol)}</Text>
            </Group>
          )}
          <Group justify="space-between" pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={700}>{t('total')}</Text>
            <Text fw={700}>{money(order.total_cents, symbol)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {order.type === 'delivery' ? t('pay_on_delivery') : t('pay_at_pickup')}
          </Text>
        </Stack>
      </Card>
      <Text size="sm" c="dimmed">
        {t('keep_link')}
      </Text>
    </Stack>
  );
}
