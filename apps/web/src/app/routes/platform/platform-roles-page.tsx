import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { RolesView } from '../../../features/team/components/roles-view.tsx';

/** /dashboard/roles on the main domain: the operators' roles. */
export default function PlatformRolesPage() {
  const { t } = useTranslation('team');
  usePageTitle(t('roles.title'));
  return <RolesView realm="platform" />;
}
