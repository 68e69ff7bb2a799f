import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useRestaurantSettings } from '../../../features/settings/api/settings-api.ts';
import { SettingsForm } from '../../../features/settings/components/settings-form.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { site } from '../../site.ts';

/** /dashboard/settings (SPEC §3 "Tenant settings"): only with settings.manage. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { data: user } = useCurrentUser();
  usePageTitle(t('title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  const allowed = !user || can(user.permissions, 'settings.manage');
  if (!allowed) {
    return (
      <Alert color="red" role="alert" maw={700}>
        {t('shared:errors.forbidden')}
      </Alert>
    );
  }
  return <SettingsLoader />;
}

function SettingsLoader() {
  const { t } = useTranslation('settings');
  const settings = useRestaurantSettings();
  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <Stack maw={700} align="flex-start">
        <Alert color="red" role="alert" title={t('load_failed')} w="100%">
          {errorMessage(settings.error)}
        </Alert>
        <Button variant="default" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  return <SettingsForm settings={settings.data} />;
}
