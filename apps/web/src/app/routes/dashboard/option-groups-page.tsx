import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { OptionGroupsView } from '../../../features/menu/components/option-groups-view.tsx';

/** /dashboard/option-groups (issue #10): shared option groups of the dishes. */
export default function OptionGroupsPage() {
  const { t } = useTranslation('menu');
  const canManage = useCan('menu.manage');
  usePageTitle(t('options.title'));
  return <OptionGroupsView canManage={canManage} />;
}
