import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { StockCheckForm } from '../../../features/requests/components/stock-check-form.tsx';
import { RequestPageFrame } from './request-page-frame.tsx';

/** /stock-check (SPEC §2.2): ask whether a quantity of a product is available now. */
export default function StockCheckPage() {
  const { t } = useTranslation('requests');
  usePageTitle(t('stock.page_title'));
  return (
    <RequestPageFrame title={t('stock.title')} intro={t('stock.intro')}>
      <StockCheckForm />
    </RequestPageFrame>
  );
}
