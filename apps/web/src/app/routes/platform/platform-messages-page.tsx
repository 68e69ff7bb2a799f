import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { MessagesView } from '../../../features/contact-messages/components/messages-view.tsx';

/** /dashboard/messages on the main domain: the contact form's messages (platform_messages.manage; the layout refuses others). */
export default function PlatformMessagesPage() {
  const { t } = useTranslation('contact');
  usePageTitle(t('messages.title'));
  return <MessagesView />;
}
