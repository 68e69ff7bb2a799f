import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { NewsletterTokenResult } from '../../../features/requests/components/newsletter-token-result.tsx';

/** /newsletter/confirm#token=…: the double opt-in link from the confirmation mail. */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation('requests');
  usePageTitle(t('newsletter.title'));
  return <NewsletterTokenResult action="confirm" />;
}
