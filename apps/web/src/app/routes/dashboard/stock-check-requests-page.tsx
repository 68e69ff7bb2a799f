import { InboxRoute } from './inbox-route.tsx';

/** /dashboard/stock-check-requests (SPEC §2.3). */
export default function StockCheckRequestsPage() {
  return <InboxRoute kind="stock_check" />;
}
