import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PLAN_PAGE } from '../../../components/ui/plan-limit.tsx';
import { RolesView } from '../../../features/team/components/roles-view.tsx';

/** /dashboard/roles on a restaurant's host: what its roles may do. */
export default function RolesPage() {
  const { t } = useTranslation('team');
  usePageTitle(t('roles.title'));
  return <RolesView realm="tenant" planPage={PLAN_PAGE} />;
}
