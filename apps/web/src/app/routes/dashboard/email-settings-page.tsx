import { Stack } from '@mantine/core';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PageLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useMailSettings } from '../../../features/mail-settings/api/mail-settings-api.ts';
import { MailLogPanel } from '../../../features/mail-settings/components/mail-log-panel.tsx';
import { MailSettingsForm } from '../../../features/mail-settings/components/mail-settings-form.tsx';
import { site } from '../../site.ts';

/** /dashboard/email-settings (SPEC §2.3): the restaurant's own SMTP server; only with email_settings.manage. */
export default function EmailSettingsPage() {
  const { t } = useTranslation('mail-settings');
  const { data: user } = useCurrentUser();
  const restaurant = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('title'), restaurant || undefined);
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <MailSettingsLoader restaurant={restaurant} email={user?.email ?? ''} />
      <MailLogPanel />
    </Stack>
  );
}

function MailSettingsLoader({ restaurant, email }: { restaurant: string; email: string }) {
  const { t } = useTranslation('mail-settings');
  const settings = useMailSettings();
  if (settings.isPending) return <PageLoading label={t('loading')} />;
  if (settings.isError) {
    return <PageLoadError title={t('load_failed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />;
  }
  return <MailSettingsForm saved={settings.data} defaults={{ fromName: restaurant, fromEmail: email }} testRecipient={email} />;
}
