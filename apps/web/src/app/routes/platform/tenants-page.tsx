import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { TenantsView } from '../../../features/platform/components/tenants-view.tsx';

/** /dashboard/tenants ('Restaurants'): the operators' list of every restaurant. */
export default function TenantsPage() {
  const { t } = useTranslation('platform');
  usePageTitle(t('nav.tenants'));
  const can = { manage: useCan('tenants.manage'), remove: useCan('tenants.delete') };
  return <TenantsView can={can} />;
}
