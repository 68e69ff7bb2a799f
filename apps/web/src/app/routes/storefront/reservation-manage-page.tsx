import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { GuestReservationView } from '../../../features/reservations/guest/guest-reservation-view.tsx';
import { site } from '../../site.ts';

/** /reservation/manage#token=…: the guest's view/cancel link from the reservation mails (issue #9). */
export default function ReservationManagePage() {
  const { t } = useTranslation('reservation-setup');
  usePageTitle(t('guest.page_title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  return <GuestReservationView />;
}
