import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { CategoriesView } from '../../../features/menu/components/categories-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/categories (SPEC §2.3), with drag-and-drop ordering. */
export default function CategoriesPage() {
  const { t } = useTranslation('menu');
  const { data: user } = useCurrentUser();
  usePageTitle(t('categories.title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'menu.view')) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <CategoriesView canManage={can(user?.permissions, 'menu.manage')} />;
}
