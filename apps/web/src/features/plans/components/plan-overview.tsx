import { Badge, Button, Card, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import type { TPlan, TTenantPlan } from '@tavolo/contracts/plans';
import { useTranslation } from '../../../app/i18n.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { longDate, number, planPrice } from '../../../lib/format.ts';
import { useRequestUpgrade } from '../api/plans-api.ts';
import type { TFunction } from '@tavolo/contracts/translator';

/** A plan's name in the reader's language ("Kostenlos"); the stored name where there is no translation. */
const planName = (t: TFunction, plan: TPlan) => t(`shared:plans.names.${plan.id}`, { defaultValue: plan.name });

/** The restaurant's plan (and trial), what it uses of it, and Free next to Premium with the upgrade request. */
export function PlanOverview({ data }: { data: TTenantPlan }) {
  const { t } = useTranslation('plans');
  const basePlan = data.plans.find((p) => p.id === data.base_plan_id) ?? data.plan;
  const onTrial = data.trial_ends_at !== null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan-current">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" id="plan-current">
              {t('current.title')}
            </Text>
            <Group gap="xs">
              <Title order={2} size="h3" data-testid="plan-name">
                {t('current.plan', { plan: planName(t, data.plan) })}
              </Title>
              {onTrial && (
                <Badge color="grape" variant="light" leftSection={<IconCrown size={12} />}>
                  {t('current.trial', { date: longDate(data.trial_ends_at!) })}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {onTrial ? t('current.trial_text', { plan: planName(t, basePlan) }) : data.plan.id === 'premium' ? t('current.premium_text') : t('current.free_text')}
        </Text>

        <Title order={3} size="h5" mt="lg" mb="xs">
          {t('usage.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <UsageBar label={t('usage.products')} used={data.usage.products} max={data.plan.max_products} />
          <UsageBar label={t('usage.users')} used={data.usage.users} max={data.plan.max_users} hint={t('usage.users_hint')} />
        </SimpleGrid>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="plan-compare">
        <Title order={3} size="h4" id="plan-compare">
          {t('compare.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} data={data} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function UsageBar({ label, used, max, hint }: { label: string; used: number; max: number | null; hint?: string }) {
  const { t } = useTranslation('plans');
  const full = max !== null && used >= max;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c={full ? 'red' : undefined} fw={full ? 600 : undefined}>
          {max === null ? t('usage.unlimited', { used: number(used) }) : t('usage.of', { used: number(used), max: number(max) })}
        </Text>
      </Group>
      <Progress
        value={max === null ? 100 : Math.min(100, (used / Math.max(1, max)) * 100)}
        color={max === null ? 'teal' : full ? 'red' : used / max >= 0.8 ? 'yellow' : 'brand'}
        striped={max === null}
        aria-label={label}
      />
      {(full || hint) && (
        <Text size="xs" c={full ? 'red' : 'dimmed'}>
          {full ? t('usage.full') : hint}
        </Text>
      )}
    </Stack>
  );
}

/** One plan of the comparison; the points follow the plan's row, so they say what is enforced. */
function PlanCard({ plan, data }: { plan: TPlan; data: TTenantPlan }) {
  const { t } = useTranslation('plans');
  const request = useRequestUpgrade();
  const withNotification = useSaveNotification();
  const current = plan.id === data.base_plan_id;
  const points = [
    plan.id === 'free' ? t('compare.subdomain') : t('compare.everything_free'),
    plan.max_products === null ? t('compare.products_unlimited') : t('compare.products', { count: plan.max_products }),
    plan.max_users === null ? t('compare.users_unlimited') : t('compare.users', { count: plan.max_users }),
    plan.custom_roles ? t('compare.custom_roles') : t('compare.default_roles'),
    ...(plan.custom_domain ? [t('compare.custom_domain'), t('compare.support')] : [t('compare.looks')]),
  ];
  const upgradeTarget = plan.id === 'premium' && data.base_plan_id === 'free';

  return (
    <Card withBorder radius="md" padding="lg" style={current ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined} data-testid={`plan-card-${plan.id}`}>
      <Group justify="space-between" gap="xs">
        <Title order={4}>{planName(t, plan)}</Title>
        {current && <Badge variant="light">{t('compare.current')}</Badge>}
      </Group>
      <Group gap={6} align="baseline" mt="xs">
        <Text fz={30} fw={800} lh={1}>
          {planPrice(plan.price_cents, plan.currency)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('compare.per_month')}
        </Text>
      </Group>
      <List spacing={6} size="sm" mt="md" icon={<ThemeIcon size={18} radius="xl" color="teal" variant="light"><IconCheck size={12} /></ThemeIcon>}>
        {points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List>
      {upgradeTarget &&
        (data.upgrade_requested_at ? (
          <Stack gap={4} mt="lg" role="status">
            <Text size="sm" fw={600} c="teal">
              {t('compare.requested', { date: longDate(data.upgrade_requested_at) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('compare.requested_text')}
            </Text>
          </Stack>
        ) : (
          <Button
            mt="lg"
            fullWidth
            leftSection={<IconCrown size={16} />}
            loading={request.isPending}
            // The server's words: the request is recorded and the platform team will get in touch.
            onClick={() => void withNotification(() => request.mutateAsync(), { success: t('shared:plans.messages.upgrade_requested') }).catch(() => undefined)}
          >
            {t('compare.request')}
          </Button>
        ))}
    </Card>
  );
}
