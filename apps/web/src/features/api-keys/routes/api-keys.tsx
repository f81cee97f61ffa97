import { can } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { AccessDenied } from '@/components/access-denied';
import { useSessionUser } from '@/lib/session';
import { ApiKeysPage } from '../components/api-keys-page';

// /api-keys: the company's admins, where the tours company switched the reseller API on; anyone else is told why
export function ApiKeysRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user?.role, 'manageWidgets');
  if (isAdmin && user?.isApiAllowed) return <ApiKeysPage />;
  return (
    <AccessDenied testId="api-keys-forbidden">
      {isAdmin ? t('apiKeys.notAllowed') : t('messages.forbidden')}
    </AccessDenied>
  );
}
