import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { AuthPanel } from '../components/auth-panel';
import { MissingResetToken, ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // a new agent's invitation link: they set their first password, nothing is "reset"
  const isInvite = searchParams.get('invite') === '1';
  const title = isInvite ? t('auth.reset.inviteTitle') : t('auth.reset.title');
  useDocumentPageTitle(title);
  return (
    <AuthPanel
      icon={IconLockOpen}
      title={title}
      description={token ? (isInvite ? t('auth.reset.inviteDescription') : t('auth.reset.description')) : undefined}
    >
      {token ? <ResetPasswordForm key={token} token={token} isInvite={isInvite} /> : <MissingResetToken />}
    </AuthPanel>
  );
}
