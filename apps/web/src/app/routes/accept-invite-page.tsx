import { useState } from 'react';
import { useTranslation } from '../i18n.ts';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { AcceptInviteForm } from '../../features/team/components/accept-invite-form.tsx';
import { site } from '../site.ts';

/** /accept-invite?token=…: on a restaurant's host for its staff, on the main domain for operators. */
export default function AcceptInvitePage() {
  const { t } = useTranslation('team');
  const [params] = useSearchParams();
  const fallback = site.kind === 'tenant' ? site.tenant.name : 'Tavolo';
  const [siteName, setSiteName] = useState(fallback);
  // "Set your password to accept" only over a link that works (a used one said so above "This link is invalid").
  const [valid, setValid] = useState(false);
  usePageTitle(t('invite.title', { site: siteName }));
  return (
    <AuthCard title={t('invite.title', { site: siteName })} subtitle={valid ? t('invite.subtitle') : undefined}>
      <AcceptInviteForm
        token={params.get('token') ?? ''}
        dashboardPath={site.kind === 'tenant' ? '/dashboard/home' : '/dashboard'}
        onInvitation={(invitation) => {
          setSiteName(invitation.site_name);
          setValid(true);
        }}
      />
    </AuthCard>
  );
}
