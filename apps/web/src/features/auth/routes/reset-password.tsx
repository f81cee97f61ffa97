import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { AuthPanel } from '../components/auth-panel';
import { MissingResetToken, ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  useDocumentPageTitle(t('auth.reset.title'));
  return (
    <AuthPanel
      icon={IconLockOpen}
      title={t('auth.reset.title')}
      description={token ? t('auth.reset.description') : undefined}
    >
      {token ? <ResetPasswordForm key={token} token={token} /> : <MissingResetToken />}
    </AuthPanel>
  );
}
