import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PLAN_PAGE } from '../../../components/ui/plan-limit.tsx';
import { UsersView } from '../../../features/team/components/users-view.tsx';

/** /dashboard/users on a restaurant's host: its team. */
export default function UsersPage() {
  const { t } = useTranslation('team');
  usePageTitle(t('users.title'));
  return <UsersView realm="tenant" planPage={PLAN_PAGE} />;
}
