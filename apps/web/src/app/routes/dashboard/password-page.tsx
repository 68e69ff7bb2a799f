import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PasswordForm } from '../../../features/account/components/password-form.tsx';

/** /dashboard/password (SPEC §2.3): any signed-in user changes their own password. */
export default function PasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('password.title'));
  return <PasswordForm />;
}
