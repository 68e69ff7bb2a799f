import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { CustomersView } from '../../../features/customers/components/customers-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/customers (issue #5): guests merged by e-mail, with GDPR export and erasure. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const { data: user } = useCurrentUser();
  usePageTitle(t('title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'customers.view')) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <CustomersView canErase={can(user?.permissions, 'customers.manage')} />;
}
