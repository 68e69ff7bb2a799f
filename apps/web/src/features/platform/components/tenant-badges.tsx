import { Badge, Group } from '@mantine/core';
import { IconClockHour4, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPlatformTenant } from '@tavolo/contracts/platform';
import type { TTenantStatus } from '@tavolo/contracts/tenant';
import { shortDate } from '../../../lib/format.ts';

export const STATUS_COLORS: Record<TTenantStatus, string> = { pending: 'yellow', active: 'teal', suspended: 'red', trial: 'grape' };

export function StatusBadge({ status }: { status: TTenantStatus }) {
  const { t } = useTranslation('platform');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The plan, a running trial's end and an open upgrade request, as small badges. */
export function PlanBadges({ tenant }: { tenant: Pick<TPlatformTenant, 'plan_id' | 'status' | 'trial_ends_at' | 'upgrade_requested_at'> }) {
  const { t } = useTranslation('platform');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={tenant.plan_id === 'premium' ? 'orange' : 'gray'} variant={tenant.plan_id === 'premium' ? 'filled' : 'outline'} radius="sm">
        {t(`plan.${tenant.plan_id}`)}
      </Badge>
      {tenant.status === 'trial' && tenant.trial_ends_at && (
        <Badge color="grape" variant="outline" radius="sm" leftSection={<IconClockHour4 size={12} aria-hidden />}>
          {t('tenants.trial_until', { date: shortDate(tenant.trial_ends_at) })}
        </Badge>
      )}
      {tenant.upgrade_requested_at && (
        <Badge color="orange" variant="light" radius="sm" leftSection={<IconSparkles size={12} aria-hidden />}>
          {t('tenants.upgrade_requested')}
        </Badge>
      )}
    </Group>
  );
}
