import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { OptionGroupsView } from '../../../features/menu/components/option-groups-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/option-groups (issue #10): shared option groups of the dishes. */
export default function OptionGroupsPage() {
  const { t } = useTranslation('menu');
  const canManage = useCan('menu.manage');
  usePageTitle(t('options.title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  return <OptionGroupsView canManage={canManage} />;
}
