import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { BulletinView } from '../../../features/bulletin/components/bulletin-view.tsx';

/** /dashboard/bulletin: announcements for the team; everyone reads, bulletin.manage writes. */
export default function BulletinPage() {
  const { t } = useTranslation('bulletin');
  const canManage = useCan('bulletin.manage');
  usePageTitle(t('title'));
  return <BulletinView canManage={canManage} />;
}
