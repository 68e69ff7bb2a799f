import { Button } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/page-title.ts';
import { MessagePage } from './message-page.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('not_found.title'));
  return (
    <MessagePage icon={<IconCompass size={40} />} title={t('not_found.title')} text={t('not_found.text')}>
      <Button component={Link} to="/">
        {t('not_found.home')}
      </Button>
    </MessagePage>
  );
}
