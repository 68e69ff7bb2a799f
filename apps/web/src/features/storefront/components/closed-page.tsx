import { Button } from '../../../components/lite/index.ts';
import { IconClockHour4, IconDoorOff } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, matchPath } from 'react-router';
import { MessagePage } from '../../../components/layouts/message-page.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';

/** Staff must still be able to sign in (and recover access) while guests see the "opening soon" or "closed" page. */
const STAFF_PAGES = ['/login', '/tenant/login', '/forgot-password', '/reset-password', '/auth/handoff'];
/**
 * A closed restaurant (pending or suspended) still takes contact messages, so a guest can always reach it, and its
 * about, privacy and terms pages stay readable (the privacy policy covers what the contact form sends).
 */
const GUEST_PAGES = ['/contact', '/about', '/privacy', '/terms'];

/** Whether a page of a closed restaurant is shown itself rather than the closed page (its header links only these). */
export const openWhenClosed = (pathname: string) => [...STAFF_PAGES, ...GUEST_PAGES].some((path) => matchPath(path, pathname));

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
