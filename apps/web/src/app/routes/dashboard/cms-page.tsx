import { useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCmsPages } from '../../../features/cms/api/cms-api.ts';
import { CmsPageDrawer, type CmsDrawerTarget } from '../../../features/cms/components/cms-page-drawer.tsx';
import { CmsPagesList } from '../../../features/cms/components/cms-pages-list.tsx';
import { errorMessage } from '../../../lib/forms.ts';

/** /dashboard/cms: About, Privacy, Terms and custom pages, per language, with publish/unpublish (content.manage). */
export default function CmsPage() {
  const { t } = useTranslation('cms');
  usePageTitle(t('title'));
  return <CmsPages />;
}

function CmsPages() {
  const { t } = useTranslation('cms');
  const pages = useCmsPages();
  const [target, setTarget] = useState<CmsDrawerTarget | null>(null);

  return (
    <Stack maw={900} gap="md">
      <PageHeader
        title={t('title')}
        subtitle={t('intro')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setTarget({ id: null, slug: null })}>
            {t('add')}
          </Button>
        }
      />
      {pages.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : pages.isError ? (
        <Alert color="red" role="alert" title={t('load_failed')}>
          <Stack align="flex-start" gap="sm">
            <Text size="sm">{errorMessage(pages.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void pages.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <CmsPagesList pages={pages.data} onEdit={setTarget} />
      )}
      <CmsPageDrawer target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
