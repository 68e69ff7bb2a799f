import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { ProductsView } from '../../../features/menu/components/products-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/products (SPEC §2.3). */
export default function ProductsPage() {
  const { t } = useTranslation('menu');
  const { data: user } = useCurrentUser();
  usePageTitle(t('products.title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'menu.view')) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <ProductsView canManage={can(user?.permissions, 'menu.manage')} />;
}
