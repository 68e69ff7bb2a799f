import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDashboardSummary } from '@tavolo/contracts/dashboard';
import { can, type TPermission } from '@tavolo/contracts/permissions';

/** The steps from a new sign-up to a storefront guests order and book from, each ticked by what the restaurant has. */
export function setupSteps({ counts, setup }: Pick<TDashboardSummary, 'counts' | 'setup'>) {
  return [
    { key: 'categories', done: counts.active_categories > 0, to: '/dashboard/categories', permission: 'menu.manage' },
    { key: 'products', done: counts.active_products > 0, to: '/dashboard/products', permission: 'menu.manage' },
    { key: 'details', done: setup.logo, to: '/dashboard/settings', permission: 'settings.manage' },
    { key: 'looks', done: setup.looks, to: '/dashboard/themes', permission: 'appearance.manage' },
    { key: 'tables', done: counts.tables > 0, to: '/dashboard/reservations/setup', permission: 'reservations.manage' },
    { key: 'team', done: counts.team > 1, to: '/dashboard/users', permission: 'users.manage' },
  ] satisfies { key: string; done: boolean; to: string; permission: TPermission }[];
}

/**
 * A checklist to a storefront guests can order from; each open step links to its page for a role that may do it
 * (`permissions`: the signed-in user's).
 */
export function NextSteps({ summary, permissions }: { summary: Pick<TDashboardSummary, 'counts' | 'setup'>; permissions: readonly string[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const steps = setupSteps(summary);
  const done = steps.filter((step) => step.done).length;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg">
        {t('home.next_steps')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('home.next_steps_text')}
      </Text>
      <Group gap="sm" mt="md" wrap="nowrap">
        <Progress value={(done / steps.length) * 100} color="teal" size="sm" style={{ flex: 1 }} aria-hidden />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('home.steps_done', { done, count: steps.length })}
        </Text>
      </Group>
      <Stack component="ol" gap="sm" mt="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step) => {
          const title = t(`home.steps.${step.key}.title`);
          const open = !step.done && can(permissions, step.permission);
          return (
            <Group component="li" key={step.key} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={24} radius="xl" variant={step.done ? 'filled' : 'light'} color={step.done ? 'teal' : 'gray'} aria-hidden>
                {step.done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                {open ? (
                  <Anchor component={Link} to={step.to} size="sm" fw={600}>
                    {title}
                    <IconChevronRight size={14} style={{ verticalAlign: 'middle' }} aria-hidden />
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
                    {title}
                    {step.done && (
                      <VisuallyHidden component="span">
                        {' '}
                        ({t('home.done')})
                      </VisuallyHidden>
                    )}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t(`home.steps.${step.key}.text`)}
                </Text>
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
