import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { OrderTicket } from '../../../features/orders/components/order-ticket.tsx';
import { site } from '../../site.ts';

/** /dashboard/orders/:id/ticket: the printable kitchen ticket, without the dashboard's header and sidebar. */
export default function OrderTicketPage() {
  const { t } = useTranslation('orders');
  const { id = '' } = useParams();
  const restaurant = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('ticket.page_title'), restaurant || undefined);
  return <OrderTicket orderId={id} restaurant={restaurant} />;
}
