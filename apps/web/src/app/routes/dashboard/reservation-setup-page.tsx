import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { ReservationSetupView } from '../../../features/reservations/setup/reservation-setup-view.tsx';

/** /dashboard/reservations/setup (issue #9): readable with reservations.view, changed with reservations.manage. */
export default function ReservationSetupPage() {
  const { t } = useTranslation('reservation-setup');
  const canManage = useCan('reservations.manage');
  usePageTitle(t('title'));
  return <ReservationSetupView canManage={canManage} />;
}
