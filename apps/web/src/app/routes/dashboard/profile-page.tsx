import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PageLoading } from '../../../components/ui/query-states.tsx';
import { ProfileForm } from '../../../features/account/components/profile-form.tsx';
import { useCurrentUser, useSetCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { monthYear } from '../../../lib/format.ts';

/** /dashboard/profile: the signed-in user's name and picture; the header follows every change at once. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  const { data: user } = useCurrentUser();
  const setUser = useSetCurrentUser();
  if (!user) return <PageLoading label={t('profile.loading')} />;
  return (
    <ProfileForm
      // A new user object (e.g. after a save) resets the form to what the server now holds.
      key={`${user.id}:${user.name}`}
      user={user}
      roleLabel={t(`dashboard:roles.${user.role_name}`, { defaultValue: user.role_name })}
      memberSince={user.created_at ? monthYear(user.created_at) : null}
      onUserChanged={setUser}
    />
  );
}
