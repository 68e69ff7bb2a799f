import { InboxRoute } from './inbox-route.tsx';

/** /dashboard/quote-requests (SPEC §2.3). */
export default function QuoteRequestsPage() {
  return <InboxRoute kind="quote" />;
}
