import { InboxRoute } from './inbox-route.tsx';

/** /dashboard/contact-reqs (SPEC §2.3). */
export default function ContactRequestsPage() {
  return <InboxRoute kind="contact" />;
}
