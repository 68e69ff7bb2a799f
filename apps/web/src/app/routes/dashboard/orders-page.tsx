import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { OrdersView } from '../../../features/orders/components/orders-view.tsx';

/** /dashboard/orders (SPEC §2.3; `?order_id=` opens that order). */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const canManage = useCan('orders.manage');
  usePageTitle(t('title'));
  return <OrdersView canManage={canManage} />;
}
