import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { GuestReservationView } from '../../../features/reservations/guest/guest-reservation-view.tsx';

/** /reservation/manage#token=…: the guest's view/cancel link from the reservation mails (issue #9). */
export default function ReservationManagePage() {
  const { t } = useTranslation('reservation-setup');
  usePageTitle(t('guest.page_title'));
  return <GuestReservationView />;
}
