import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { CouponsView } from '../../../features/coupons/components/coupons-view.tsx';

/** /dashboard/coupons (issue #10, "Coupons"): menu.view reads, menu.manage edits. */
export default function CouponsPage() {
  const { t } = useTranslation('coupons');
  const canManage = useCan('menu.manage');
  usePageTitle(t('title'));
  return <CouponsView canManage={canManage} />;
}
