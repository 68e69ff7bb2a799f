import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { OrdersView } from '../../../features/orders/components/orders-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/orders (SPEC §2.3; `?order_id=` opens that order). */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { data: user } = useCurrentUser();
  usePageTitle(t('title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'orders.view')) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <OrdersView canManage={can(user?.permissions, 'orders.manage')} />;
}
