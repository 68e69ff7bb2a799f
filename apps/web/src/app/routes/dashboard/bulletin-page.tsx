import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { BulletinView } from '../../../features/bulletin/components/bulletin-view.tsx';
import { site } from '../../site.ts';

/** /dashboard/bulletin: announcements for the team; everyone reads, bulletin.manage writes. */
export default function BulletinPage() {
  const { t } = useTranslation('bulletin');
  const { data: user } = useCurrentUser();
  usePageTitle(t('title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  return <BulletinView canManage={can(user?.permissions, 'bulletin.manage')} />;
}
