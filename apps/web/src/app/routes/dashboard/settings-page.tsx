import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PageLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { useRestaurantSettings } from '../../../features/settings/api/settings-api.ts';
import { SettingsForm } from '../../../features/settings/components/settings-form.tsx';

/** /dashboard/settings (SPEC §3 "Tenant settings"): only with settings.manage. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  return <SettingsLoader />;
}

function SettingsLoader() {
  const { t } = useTranslation('settings');
  const settings = useRestaurantSettings();
  if (settings.isPending) return <PageLoading label={t('loading')} />;
  if (settings.isError) {
    return <PageLoadError maw={700} title={t('load_failed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />;
  }
  return <SettingsForm settings={settings.data} />;
}
