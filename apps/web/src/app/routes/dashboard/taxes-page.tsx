import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { TaxesView } from '../../../features/taxes/components/taxes-view.tsx';

/** /dashboard/taxes (issue #10, "Taxes"): settings.manage. */
export default function TaxesPage() {
  const { t } = useTranslation('taxes');
  usePageTitle(t('title'));
  return <TaxesView />;
}
