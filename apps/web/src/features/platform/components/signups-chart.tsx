import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import { SIGNUP_RANGES, type TSignupRange } from '@tavolo/contracts/platform';
import { errorMessage } from '../../../lib/forms.ts';
import { useSignups } from '../api/platform-api.ts';

/** New restaurants per day (30 or 90 days) or per month (12 months), with a range switch. */
export function SignupsChart() {
  const { t, i18n } = useTranslation('platform');
  const [range, setRange] = useState<TSignupRange>('30d');
  const signups = useSignups(range);
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  const label = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, signups.data?.bucket === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = (signups.data?.points ?? []).map((p) => ({ date: label(p.date), [t('chart.series')]: p.count }));
  const total = (signups.data?.points ?? []).reduce((n, p) => n + p.count, 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <div>
          <Text fw={700}>{t('chart.title')}</Text>
          <Text size="sm" c="dimmed">
            {signups.data ? t('chart.total', { count: total }) : '\u00a0'}
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => setRange(value as TSignupRange)}
          data={SIGNUP_RANGES.map((r) => ({ value: r, label: t(`chart.ranges.${r}`) }))}
          aria-label={t('chart.range')}
        />
      </Group>
      {signups.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(signups.error)}
        </Text>
      ) : signups.data ? (
        <BarChart h={220} data={data} dataKey="date" series={[{ name: t('chart.series'), color: 'orange.6' }]} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
      ) : (
        <Skeleton h={220} />
      )}
    </Paper>
  );
}
