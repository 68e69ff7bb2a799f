import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { LooksPage } from '../../../features/appearance/components/looks-page.tsx';
import { ThemeGallery } from '../../../features/appearance/components/theme-gallery.tsx';
import { site } from '../../site.ts';

/** /dashboard/themes (SPEC §2.3): the theme presets; admin only (appearance.manage). */
export default function ThemesPage() {
  const { t } = useTranslation('appearance');
  const name = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('themes.title'), name || undefined);
  return (
    <LooksPage title={t('themes.title')} subtitle={t('themes.subtitle')}>
      {(looks) => <ThemeGallery looks={looks} name={name} />}
    </LooksPage>
  );
}
