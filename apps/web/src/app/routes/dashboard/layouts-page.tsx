import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { LooksPage } from '../../../features/appearance/components/looks-page.tsx';
import { LayoutsEditor } from '../../../features/appearance/components/layouts-editor.tsx';
import { site } from '../../site.ts';

/** /dashboard/layouts (SPEC §2.3): menu layout, header style and banner; admin only (appearance.manage). */
export default function LayoutsPage() {
  const { t } = useTranslation('appearance');
  const name = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('layouts.title'), name || undefined);
  return (
    <LooksPage title={t('layouts.title')} subtitle={t('layouts.subtitle')}>
      {(looks) => <LayoutsEditor looks={looks} />}
    </LooksPage>
  );
}
