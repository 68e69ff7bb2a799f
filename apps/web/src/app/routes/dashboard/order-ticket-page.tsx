import { useParams } from 'react-router';
import { useTranslation } from '../../i18n.ts';
import { can } from '@tavolo/contracts/permissions';
import { NotAuthorized } from '../../../components/layouts/not-authorized.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { OrderTicket } from '../../../features/orders/components/order-ticket.tsx';
import { site } from '../../site.ts';

/** /dashboard/orders/:id/ticket: the printable kitchen ticket, without the dashboard's header and sidebar. */
export default function OrderTicketPage() {
  const { data: user } = useCurrentUser();
  // Outside the dashboard frame, so the layout's permission check does not cover it.
  if (user && !can(user.permissions, 'orders.view')) return <NotAuthorized homeTo="/dashboard/home" />;
  return <Ticket />;
}

function Ticket() {
  const { t } = useTranslation('orders');
  const { id = '' } = useParams();
  const restaurant = site.kind === 'tenant' ? site.tenant.name : '';
  usePageTitle(t('ticket.page_title'), restaurant || undefined);
  return <OrderTicket orderId={id} restaurant={restaurant} />;
}
