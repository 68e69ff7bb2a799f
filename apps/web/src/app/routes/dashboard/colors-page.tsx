import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { LooksPage } from '../../../features/appearance/components/looks-page.tsx';
import { ColorsEditor } from '../../../features/appearance/components/colors-editor.tsx';
import { site } from '../../site.ts';

/** /dashboard/colors (SPEC §2.3): primary and accent colour with a live preview; admin only (appearance.manage). */
export default function ColorsPage() {
  const { t } = useTranslation('appearance');
  const name = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('colors.title'), name || undefined);
  return (
    <LooksPage title={t('colors.title')} subtitle={t('colors.subtitle')}>
      {(looks) => <ColorsEditor looks={looks} name={name} />}
    </LooksPage>
  );
}
