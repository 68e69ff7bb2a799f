import { InboxRoute } from './inbox-route.tsx';

/** /dashboard/reservations (SPEC §2.3). */
export default function ReservationsPage() {
  return <InboxRoute kind="reservation" />;
}
