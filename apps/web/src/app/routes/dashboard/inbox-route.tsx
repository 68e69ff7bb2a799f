import { useTranslation } from '../../i18n.ts';
import type { TInboxKind } from '@tavolo/contracts/inbox';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { InboxView } from '../../../features/inbox/components/inbox-view.tsx';
import { INBOX_KIND_CONFIG } from '../../../features/inbox/components/inbox-kinds.tsx';
import { SubscribersView } from '../../../features/inbox/components/subscribers-view.tsx';

/** The pages of the guest inbox (reservations and the request kinds): title, then the shared view (the layout refuses roles without `view`). */
export function InboxRoute({ kind }: { kind: TInboxKind }) {
  const { t } = useTranslation('inbox');
  const canManage = useCan(INBOX_KIND_CONFIG[kind].manage);
  usePageTitle(t(`kinds.${kind}.title`));
  // `key`: another kind is another list, with its own filters and drawer.
  return <InboxView key={kind} kind={kind} canManage={canManage} />;
}

/** /dashboard/subscribers. */
export function SubscribersRoute() {
  const { t } = useTranslation('inbox');
  const canManage = useCan('customers.manage');
  usePageTitle(t('subscribers.title'));
  return <SubscribersView canManage={canManage} />;
}
