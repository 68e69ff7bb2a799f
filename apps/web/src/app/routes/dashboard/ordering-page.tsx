import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { OrderingRulesView } from '../../../features/ordering/components/ordering-rules-view.tsx';

/** /dashboard/ordering (issue #10): timing, throttling, tips, delivery zones and location; settings.manage. */
export default function OrderingPage() {
  const { t } = useTranslation('ordering');
  usePageTitle(t('title'));
  return <OrderingRulesView />;
}
