import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { StockView } from '../../../features/stock/components/stock-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/stock (issue #3, "Stock"). */
export default function StockPage() {
  const { t } = useTranslation('stock');
  const { data: user } = useCurrentUser();
  usePageTitle(t('title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'menu.view')) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <StockView canManage={can(user?.permissions, 'menu.manage')} />;
}
