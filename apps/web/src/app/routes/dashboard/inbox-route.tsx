import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '@tavolo/contracts/permissions';
import type { TInboxKind } from '@tavolo/contracts/inbox';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { InboxView } from '../../../features/inbox/components/inbox-view.tsx';
import { INBOX_KIND_CONFIG } from '../../../features/inbox/components/inbox-kinds.tsx';
import { SubscribersView } from '../../../features/inbox/components/subscribers-view.tsx';
import { site } from '../../site.ts';

function Forbidden() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" maw={700}>
      {t('shared:errors.forbidden')}
    </Alert>
  );
}

/** The pages of the guest inbox (reservations and the request kinds): title, permission, then the shared view. */
export function InboxRoute({ kind }: { kind: TInboxKind }) {
  const { t } = useTranslation('inbox');
  const { data: user } = useCurrentUser();
  const config = INBOX_KIND_CONFIG[kind];
  usePageTitle(t(`kinds.${kind}.title`), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, config.view)) return <Forbidden />;
  // `key`: another kind is another list, with its own filters and drawer.
  return <InboxView key={kind} kind={kind} canManage={can(user?.permissions, config.manage)} />;
}

/** /dashboard/subscribers. */
export function SubscribersRoute() {
  const { t } = useTranslation('inbox');
  const { data: user } = useCurrentUser();
  usePageTitle(t('subscribers.title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  if (user && !can(user.permissions, 'customers.view')) return <Forbidden />;
  return <SubscribersView canManage={can(user?.permissions, 'customers.manage')} />;
}
