import { Paper, Stack, Text, ThemeIcon, Title, Group, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDashboardSummary } from '@tavolo/contracts/dashboard';

/** A short checklist to a storefront guests can order from; ticks follow what the restaurant already has. */
export function NextSteps({ counts }: { counts: TDashboardSummary['counts'] }) {
  const { t } = useTranslation('dashboard');
  const steps = [
    { key: 'categories', done: counts.active_categories > 0 },
    { key: 'products', done: counts.active_products > 0 },
    { key: 'details', done: false },
    { key: 'team', done: counts.team > 1 },
    { key: 'share', done: false },
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg">
        {t('home.next_steps')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('home.next_steps_text')}
      </Text>
      <Stack component="ol" gap="sm" mt="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step) => (
          <Group component="li" key={step.key} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={24} radius="xl" variant={step.done ? 'filled' : 'light'} color={step.done ? 'teal' : 'gray'} aria-hidden>
              {step.done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
            </ThemeIcon>
            <div>
              <Text size="sm" fw={600} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
                {t(`home.steps.${step.key}.title`)}
                {step.done && (
                  <VisuallyHidden component="span">
                    {' '}
                    ({t('home.done')})
                  </VisuallyHidden>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`home.steps.${step.key}.text`)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
