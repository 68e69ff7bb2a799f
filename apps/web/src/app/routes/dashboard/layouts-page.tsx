import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { LooksPage } from '../../../features/appearance/components/looks-page.tsx';
import { LayoutsEditor } from '../../../features/appearance/components/layouts-editor.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { site } from '../../site.ts';

/** /dashboard/layouts (SPEC §2.3): menu layout, header style and banner; admin only (appearance.manage). */
export default function LayoutsPage() {
  const { t } = useTranslation('appearance');
  const { data: user } = useCurrentUser();
  const name = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('layouts.title'), name || undefined);
  return (
    <LooksPage allowed={!user || can(user.permissions, 'appearance.manage')} title={t('layouts.title')} subtitle={t('layouts.subtitle')}>
      {(looks) => <LayoutsEditor looks={looks} />}
    </LooksPage>
  );
}
