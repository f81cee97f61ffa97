import type { ReactNode } from 'react';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { NoticeAlert } from '@/components/notice-alert';

// A declared bank transfer: nothing is credited until the tours company finds the money on its account
export function TransferDeclared({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <NoticeAlert color="blue" icon={IconClockHour4} title={t('balance.bank.declaredTitle')} testId="transfer-declared">
      {children}
    </NoticeAlert>
  );
}
