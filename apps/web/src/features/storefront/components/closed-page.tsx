import { Button } from '../../../components/lite/index.ts';
import { IconClockHour4, IconDoorOff } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/layouts/message-page.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';

/** What guests see instead of the menu while the platform has not approved the restaurant, or has suspended it. */
export function ClosedPage({ reason, name }: { reason: 'pending' | 'suspended'; name: string }) {
  const { t } = useTranslation('storefront');
  const title = reason === 'pending' ? t('closed.opening_soon_title') : t('closed.suspended_title');
  usePageTitle(title, name);
  return (
    <MessagePage
      icon={reason === 'pending' ? <IconClockHour4 size={40} /> : <IconDoorOff size={40} />}
      title={title}
      text={reason === 'pending' ? t('closed.opening_soon_text', { name }) : t('closed.suspended_text', { name })}
    >
      <Button component={Link} to="/login" variant="subtle" size="sm">
        {t('closed.staff_sign_in')}
      </Button>
    </MessagePage>
  );
}
