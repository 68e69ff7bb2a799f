import { Stack } from '@mantine/core';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PageLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { useDomains, usePlan } from '../../../features/plans/api/plans-api.ts';
import { DomainsSection } from '../../../features/plans/components/domains-section.tsx';
import { PlanOverview } from '../../../features/plans/components/plan-overview.tsx';
import { site } from '../../site.ts';

/** /dashboard/plan: the plan, its usage and the upgrade, then the restaurant's own domains (settings.manage). */
export default function PlanPage() {
  const { t } = useTranslation('plans');
  usePageTitle(t('title'));
  const plan = usePlan();
  const domains = useDomains();
  if (plan.isPending || domains.isPending) return <PageLoading label={t('loading')} />;
  const error = plan.error ?? domains.error;
  if (error || !plan.data || !domains.data) {
    return (
      <PageLoadError
        maw={900}
        title={t('load_failed')}
        error={error}
        retryLabel={t('retry')}
        onRetry={() => {
          void plan.refetch();
          void domains.refetch();
        }}
      />
    );
  }
  const subdomain = site.kind === 'tenant' ? `${site.tenant.slug}.${site.mainDomain}` : '';
  return (
    <Stack gap="lg" maw={900}>
      <PlanOverview data={plan.data} />
      <DomainsSection domains={domains.data} allowed={plan.data.plan.custom_domain} subdomain={subdomain} upgradeRequestedAt={plan.data.upgrade_requested_at} />
    </Stack>
  );
}
