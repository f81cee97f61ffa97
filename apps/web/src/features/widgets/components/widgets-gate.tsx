import type { ReactNode } from 'react';
import { WIDGET_MESSAGES, can } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { AccessDenied } from '@/components/access-denied';
import { translateMessage } from '@/lib/i18n';
import { useSessionUser } from '@/lib/session';

// SPEC §6: widgets are an admin's, and only where the tours company allowed the agency to create them
// (isWidgetsCreationAllowed). Anyone else is told why, and nothing of the page is asked for; the server refuses the
// same calls.
export function WidgetsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user?.role, 'manageWidgets');
  if (isAdmin && user?.isWidgetsCreationAllowed) return children;
  return (
    <AccessDenied testId="widgets-forbidden">
      {isAdmin ? translateMessage(WIDGET_MESSAGES.notAllowed) : t('messages.forbidden')}
    </AccessDenied>
  );
}
