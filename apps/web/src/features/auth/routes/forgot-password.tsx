import { IconKey } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useDocumentPageTitle } from '@/components/page-title';
import { AuthPanel } from '../components/auth-panel';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('auth.forgot.title'));
  return (
    <AuthPanel icon={IconKey} title={t('auth.forgot.title')} description={t('auth.forgot.description')}>
      <ForgotPasswordForm />
    </AuthPanel>
  );
}
