import { Anchor, Stack, Text } from '../lite/index.ts';
import { notifications } from '@mantine/notifications';
import i18n from '../../app/i18n.ts';
import { AppError } from '../../lib/api.ts';

export const PLAN_PAGE = '/dashboard/plan';

/**
 * A write the plan does not allow (409 PLAN_LIMIT: too many products or team accounts, a Premium feature): the
 * server's translated message with a way to the plan page, for every call of the app (providers.tsx).
 */
export function notifyPlanLimit(error: unknown): void {
  if (!(error instanceof AppError) || error.code !== 'PLAN_LIMIT') return;
  notifications.show({
    id: 'plan-limit',
    color: 'yellow',
    title: i18n.t('plans:limit.title'),
    autoClose: 10_000,
    message: (
      <Stack gap={4} align="flex-start" data-testid="plan-limit-notice">
        <Text size="sm">{error.message}</Text>
        {/* The notification lives outside the router: a plain link, the page loads fresh with the current plan. */}
        {window.location.pathname !== PLAN_PAGE && (
          <Anchor href={PLAN_PAGE} size="sm" fw={600}>
            {i18n.t('plans:limit.upgrade')}
          </Anchor>
        )}
      </Stack>
    ),
  });
}
