import { Button, Group } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { pageUrl, site, siteOrigin } from '../../app/site.ts';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { usePageTitle } from '../ui/page-title.ts';
import { MessagePage } from './message-page.tsx';

/** The host names no restaurant on this platform (a typo, or a restaurant that was removed). */
export default function UnknownHostPage() {
  const { t } = useTranslation();
  usePageTitle(t('unknown_host.title'));
  const platform = siteOrigin(site.mainDomain);
  return (
    <>
      <Group justify="flex-end" p="md">
        <LanguageSwitcher />
      </Group>
      <MessagePage icon={<IconBuildingStore size={40} />} title={t('unknown_host.title')} text={t('unknown_host.text', { host: pageUrl().hostname })}>
        <Button component="a" href={platform}>
          {t('unknown_host.action')}
        </Button>
      </MessagePage>
    </>
  );
}
