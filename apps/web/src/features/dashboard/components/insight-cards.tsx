import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconCash, IconClockHour4, IconReceipt, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDashboardInsights } from '@tavolo/contracts/dashboard';
import { money, number } from '../../../lib/format.ts';

function Figure({ icon, color, label, value, detail, to }: { icon: ReactNode; color: string; label: string; value: string; detail?: string; to?: string }) {
  const body = (
    <Paper withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.2} mt={4} style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden visibleFrom="sm" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
      </Group>
      {detail && (
        <Text size="xs" c="dimmed" mt={6}>
          {detail}
        </Text>
      )}
    </Paper>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} display="block">
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/** Today's figures (restaurant time): only the sections the role may see are in `insights`. */
export function InsightCards({ insights }: { insights: TDashboardInsights }) {
  const { t } = useTranslation('dashboard');
  const { orders, reservations, currency_symbol: currency } = insights;
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: orders && reservations ? 6 : 4 }} spacing="sm" data-testid="insight-cards">
      {orders && (
        <>
          <Figure icon={<IconReceipt size={20} />} color="blue" label={t('insights.orders_today')} value={number(orders.today)} to="/dashboard/orders" />
          <Figure icon={<IconCash size={20} />} color="teal" label={t('insights.revenue_today')} value={money(orders.revenue_cents, currency)} />
          <Figure icon={<IconReceipt2 size={20} />} color="grape" label={t('insights.average_order')} value={money(orders.average_cents, currency)} />
          <Figure
            icon={<IconClockHour4 size={20} />}
            color={orders.pending > 0 ? 'orange' : 'gray'}
            label={t('insights.pending_orders')}
            value={number(orders.pending)}
            to="/dashboard/orders?status=pending"
          />
        </>
      )}
      {reservations && (
        <>
          <Figure icon={<IconCalendarEvent size={20} />} color="indigo" label={t('insights.reservations_today')} value={number(reservations.today)} />
          <Figure icon={<IconCalendarEvent size={20} />} color={reservations.pending > 0 ? 'orange' : 'gray'} label={t('insights.reservations_pending')} value={number(reservations.pending)} />
        </>
      )}
    </SimpleGrid>
  );
}

export function InsightCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm" aria-hidden>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={12} width="60%" />
          <Skeleton height={26} width="50%" mt="sm" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
