import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// A declared bank transfer: nothing is credited until the tours company finds the money on its account
export function TransferDeclared({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClockHour4 size={22} />}
      title={t('balance.bank.declaredTitle')}
      data-testid="transfer-declared"
    >
      {children}
    </Alert>
  );
}
