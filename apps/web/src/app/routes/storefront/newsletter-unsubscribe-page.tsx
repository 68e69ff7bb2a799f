import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { NewsletterTokenResult } from '../../../features/requests/components/newsletter-token-result.tsx';

/** /newsletter/unsubscribe#token=…: the one-click unsubscribe link of every newsletter mail. */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation('requests');
  usePageTitle(t('newsletter.title'));
  return <NewsletterTokenResult action="unsubscribe" />;
}
