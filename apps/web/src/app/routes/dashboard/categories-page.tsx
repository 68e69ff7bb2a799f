import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { CategoriesView } from '../../../features/menu/components/categories-view.tsx';

/** /dashboard/categories (SPEC §2.3), with drag-and-drop ordering. */
export default function CategoriesPage() {
  const { t } = useTranslation('menu');
  const canManage = useCan('menu.manage');
  usePageTitle(t('categories.title'));
  return <CategoriesView canManage={canManage} />;
}
