import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { UsersView } from '../../../features/team/components/users-view.tsx';

/** /dashboard/users on the main domain: the platform's operators. */
export default function PlatformUsersPage() {
  const { t } = useTranslation('team');
  usePageTitle(t('users.title'));
  return <UsersView realm="platform" />;
}
