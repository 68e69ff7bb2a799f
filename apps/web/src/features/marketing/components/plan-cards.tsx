import type { ReactNode } from 'react';
import { Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PLAN_IDS, type TPlanId } from '@tavolo/contracts/plan-ids';
import type { TPlan } from '@tavolo/contracts/plans';
import { planPrice } from '../../../lib/format.ts';
import { usePublicPlans } from '../api/marketing-api.ts';

interface Props {
  /** Where the plan's marketing copy lives in the marketing namespace: `<copyKey>.<plan>.name|text|points`. */
  copyKey: string;
  /** The button of each plan. */
  actions: Record<TPlanId, ReactNode>;
  /** Badge on the Premium card. */
  popularLabel?: string;
  headingOrder?: 2 | 3;
}

/** A limit or feature line of a plan: included (check) or not (cross, said in words for screen readers). */
interface Point {
  text: string;
  included: boolean;
}

/** The figures of a plan as the platform enforces them, in the visitor's language. */
function usePlanFigures() {
  const { t } = useTranslation('contact');
  return (plan: TPlan): { price: string; period: string; points: Point[] } => ({
    price: planPrice(plan.price_cents, plan.currency),
    period: plan.price_cents === 0 ? t('pricing.free_period') : t('pricing.per_month'),
    points: [
      { text: plan.max_products === null ? t('pricing.products_unlimited') : t('pricing.products', { count: plan.max_products }), included: true },
      { text: plan.max_users === null ? t('pricing.users_unlimited') : t('pricing.users', { count: plan.max_users }), included: true },
      { text: t('pricing.custom_domain'), included: plan.custom_domain },
      { text: t('pricing.custom_roles'), included: plan.custom_roles },
    ],
  });
}

const check = (
  <ThemeIcon size={20} radius="xl" color="teal" variant="light">
    <IconCheck size={13} aria-hidden />
  </ThemeIcon>
);
const cross = (
  <ThemeIcon size={20} radius="xl" color="gray" variant="light">
    <IconX size={13} aria-hidden />
  </ThemeIcon>
);

/**
 * The Free and Premium cards of /pricing and the home page: marketing copy from the locale files, price, period
 * and limits from GET /api/plans. While they load the figures are skeletons; if the call fails the cards keep
 * their copy without figures (never an error page).
 */
export function PlanCards({ copyKey, actions, popularLabel, headingOrder = 2 }: Props) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation('contact');
  const plans = usePublicPlans();
  const figuresOf = usePlanFigures();

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy={plans.isPending} aria-label={plans.isPending ? tc('pricing.loading') : undefined}>
      {PLAN_IDS.map((id) => {
        const plan = plans.data?.find((p) => p.id === id);
        const figures = plan ? figuresOf(plan) : null;
        const highlighted = id === 'premium';
        const copy = t(`${copyKey}.${id}.points`, { returnObjects: true }) as unknown as string[];
        const extras = Array.isArray(copy) ? copy : [];
        return (
          <Card
            key={id}
            withBorder
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
            shadow={highlighted ? 'md' : undefined}
            style={highlighted ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined}
            data-testid={`pricing-${id}`}
          >
            <Stack gap="md" h="100%">
              <div>
                <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                  <Title order={headingOrder} fz="xl">
                    {t(`${copyKey}.${id}.name`)}
                  </Title>
                  {highlighted && popularLabel && (
                    <Badge variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                      {popularLabel}
                    </Badge>
                  )}
                </Group>
                <Text c="gray.7" size="sm">
                  {t(`${copyKey}.${id}.text`)}
                </Text>
              </div>
              {figures ? (
                <Group gap={6} align="baseline">
                  <Text fz={44} fw={800} lh={1} data-testid={`pricing-${id}-price`}>
                    {figures.price}
                  </Text>
                  <Text c="gray.7" size="sm">
                    {figures.period}
                  </Text>
                </Group>
              ) : (
                plans.isPending && <Skeleton height={44} width="50%" />
              )}
              <List spacing={10} size="sm" style={{ flex: 1 }} icon={check}>
                {extras.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
                {figures?.points.map((point) =>
                  point.included ? (
                    <List.Item key={point.text}>{point.text}</List.Item>
                  ) : (
                    <List.Item key={point.text} icon={cross} c="gray.7">
                      <span style={{ textDecoration: 'line-through' }} aria-hidden>
                        {point.text}
                      </span>
                      <VisuallyHidden>{tc('pricing.not_included', { feature: point.text })}</VisuallyHidden>
                    </List.Item>
                  ),
                )}
              </List>
              {plans.isPending && (
                <Stack gap={8} aria-hidden>
                  <Skeleton height={14} width="70%" />
                  <Skeleton height={14} width="60%" />
                </Stack>
              )}
              {actions[id]}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
