import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/page-title.ts';
import { MessagePage } from './message-page.tsx';

/** A page the signed-in user's role may not open: said plainly inside the dashboard frame, with the way back. */
export function NotAuthorized({ homeTo }: { homeTo: string }) {
  const { t } = useTranslation('permissions');
  usePageTitle(t('not_authorized.title'));
  // An alert, so a screen reader says why the page it asked for did not open.
  return (
    <div role="alert">
      <MessagePage icon={<IconLock size={36} />} title={t('not_authorized.title')} text={t('shared:errors.forbidden')}>
        <Text size="sm" c="dimmed">
          {t('not_authorized.hint')}
        </Text>
        <Button component={Link} to={homeTo}>
          {t('not_authorized.home')}
        </Button>
      </MessagePage>
    </div>
  );
}
