import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { StockView } from '../../../features/stock/components/stock-view.tsx';

/** /dashboard/stock (issue #3, "Stock"). */
export default function StockPage() {
  const { t } = useTranslation('stock');
  const canManage = useCan('menu.manage');
  usePageTitle(t('title'));
  return <StockView canManage={canManage} />;
}
