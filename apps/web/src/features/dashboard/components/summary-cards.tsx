import type { ReactNode } from 'react';
import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCategory, IconToolsKitchen2, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDashboardSummary } from '@tavolo/contracts/dashboard';

function StatCard({ icon, color, label, value, detail, ratio }: { icon: ReactNode; color: string; label: string; value: number; detail: string; ratio?: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.1}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      {ratio !== undefined && <Progress value={ratio * 100} color={color} size="sm" mt="md" aria-hidden />}
      <Text size="xs" c="dimmed" mt={ratio !== undefined ? 6 : 'md'}>
        {detail}
      </Text>
    </Paper>
  );
}

/** Categories, dishes and team at a glance. */
export function SummaryCards({ counts }: { counts: TDashboardSummary['counts'] }) {
  const { t } = useTranslation('dashboard');
  const ratio = (part: number, whole: number) => (whole ? part / whole : 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      <StatCard
        icon={<IconCategory size={24} />}
        color="orange"
        label={t('home.categories')}
        value={counts.categories}
        detail={t('home.active_of', { active: counts.active_categories, total: counts.categories })}
        ratio={ratio(counts.active_categories, counts.categories)}
      />
      <StatCard
        icon={<IconToolsKitchen2 size={24} />}
        color="teal"
        label={t('home.products')}
        value={counts.products}
        detail={t('home.active_of', { active: counts.active_products, total: counts.products })}
        ratio={ratio(counts.active_products, counts.products)}
      />
      <StatCard icon={<IconUsers size={24} />} color="indigo" label={t('home.team')} value={counts.team} detail={t('home.team_detail', { count: counts.team_active })} />
    </SimpleGrid>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-hidden>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="lg">
          <Skeleton height={14} width="40%" />
          <Skeleton height={32} width="30%" mt="sm" />
          <Skeleton height={8} mt="md" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
