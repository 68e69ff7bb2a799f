import { SubscribersRoute } from './inbox-route.tsx';

/** /dashboard/subscribers (SPEC §2.3). */
export default function SubscribersPage() {
  return <SubscribersRoute />;
}
