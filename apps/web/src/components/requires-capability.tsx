import type { ReactNode } from 'react';
import { can, type Capability } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { useSessionUser } from '@/lib/session';
import { AccessDenied } from './access-denied';

// A page for the roles holding a capability of the contract's matrix (SPEC §6; the server enforces the same): anyone
// else is told so, and nothing of the page is asked for
export function RequiresCapability({
  capability,
  testId,
  children,
}: {
  capability: Capability;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (can(user?.role, capability)) return children;
  return <AccessDenied testId={testId}>{t('messages.forbidden')}</AccessDenied>;
}
