import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { ProductsView } from '../../../features/menu/components/products-view.tsx';

/** /dashboard/products (SPEC §2.3). */
export default function ProductsPage() {
  const { t } = useTranslation('menu');
  const canManage = useCan('menu.manage');
  const canChangePlan = useCan('settings.manage');
  usePageTitle(t('products.title'));
  return <ProductsView canManage={canManage} canChangePlan={canChangePlan} />;
}
