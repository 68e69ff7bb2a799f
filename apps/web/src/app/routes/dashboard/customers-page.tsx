import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { CustomersView } from '../../../features/customers/components/customers-view.tsx';

/** /dashboard/customers (issue #5): guests merged by e-mail, with GDPR export and erasure. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const canErase = useCan('customers.manage');
  usePageTitle(t('title'));
  return <CustomersView canErase={canErase} />;
}
