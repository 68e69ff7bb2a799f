import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { QuoteForm } from '../../../features/requests/components/quote-form.tsx';
import { useTenantSettings } from '../../../features/storefront/hooks/use-storefront-data.ts';
import { RequestPageFrame } from './request-page-frame.tsx';

/** /quote: catering and event quote requests. */
export default function QuotePage() {
  const { t } = useTranslation('requests');
  const settings = useTenantSettings().data;
  usePageTitle(t('quote.page_title'));
  return (
    <RequestPageFrame title={t('quote.title')} intro={t('quote.intro')}>
      <QuoteForm currencySymbol={settings?.currency_symbol ?? '$'} />
    </RequestPageFrame>
  );
}
