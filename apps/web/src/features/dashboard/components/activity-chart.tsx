import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDashboardInsights } from '@tavolo/contracts/dashboard';
import { dayMonth, money, number } from '../../../lib/format.ts';

/** Orders (bars, left axis) and revenue (line, right axis) per day over the last 30 days, restaurant time. */
export function ActivityChart({ chart, currency }: { chart: NonNullable<TDashboardInsights['chart']>; currency: string }) {
  const { t } = useTranslation('dashboard');
  const data = chart.map((d) => ({ day: dayMonth(d.date), orders: d.orders, revenue: d.revenue_cents / 100 }));
  const totals = chart.reduce((sum, d) => ({ orders: sum.orders + d.orders, revenue: sum.revenue + d.revenue_cents }), { orders: 0, revenue: 0 });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="activity-chart">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs" mb="md">
        <div>
          <Title order={3} fz="lg">
            {t('insights.chart_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('insights.chart_subtitle')}
          </Text>
        </div>
        <Text size="sm" fw={600}>
          {t('insights.chart_totals', { count: totals.orders, orders: number(totals.orders), revenue: money(totals.revenue, currency) })}
        </Text>
      </Group>
      <CompositeChart
        h={260}
        data={data}
        dataKey="day"
        withLegend
        withRightYAxis
        withDots={false}
        curveType="linear"
        series={[
          { name: 'orders', label: t('insights.series_orders'), type: 'bar', color: 'blue.4', yAxisId: 'left' },
          { name: 'revenue', label: t('insights.series_revenue'), type: 'line', color: 'teal.6', yAxisId: 'right' },
        ]}
        valueFormatter={(value) => number(value)}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        rightYAxisProps={{ tickFormatter: (value: number) => number(value), width: 56 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        tooltipProps={{
          content: ({ label, payload }) =>
            payload?.length ? (
              <Paper withBorder shadow="sm" radius="md" p="xs">
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="sm">{t('insights.tooltip_orders', { count: Number(payload.find((p) => p.dataKey === 'orders')?.value ?? 0) })}</Text>
                <Text size="sm">{money(Math.round(Number(payload.find((p) => p.dataKey === 'revenue')?.value ?? 0) * 100), currency)}</Text>
              </Paper>
            ) : null,
        }}
      />
    </Paper>
  );
}
