import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { TopUpView } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { takeFieldError } from '@/lib/form';
import { notify } from '@/lib/notify';
import { ReasonDialog } from '../../components/reason-dialog';
import { useTransferDecision, type TransferDecision } from '../api/money';

const DECISION_BUTTONS = [
  { dialog: 'confirm', color: 'green', variant: 'filled', Icon: IconCheck, label: 'boDesk.money.confirm' },
  { dialog: 'reject', color: 'red', variant: 'light', Icon: IconX, label: 'boDesk.money.reject' },
] as const;

// Confirm a declared transfer (credits the balance once) or reject it with the reason the agency reads. Both
// buttons stay disabled while a decision is on its way, so a double click sends nothing twice.
export function TransferActions({ transfer }: { transfer: TopUpView }) {
  const { t } = useTranslation();
  const decide = useTransferDecision(transfer.id);
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const busy = decide.isPending;
  const close = () => setDialog(null);
  const send = (decision: TransferDecision, doneKey: string, onError: (error: Error) => void) =>
    decide.mutate(decision, {
      onSuccess: () => {
        notify.success(t(doneKey, { reference: transfer.reference }));
        close();
      },
      onError,
    });
  const confirm = () => send({ kind: 'confirm' }, 'boDesk.money.confirmed', close);
  const reject = (reason: string, showError: (message: string | null) => void) =>
    send({ kind: 'reject', reason }, 'boDesk.money.rejected', (error) => showError(takeFieldError(error, 'reason')));
  const amount = <Money amount={transfer.amount} currency={transfer.currencyCode} />;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {DECISION_BUTTONS.map(({ dialog: opens, Icon, label, ...look }) => (
          <Button
            key={opens}
            size="xs"
            {...look}
            leftSection={<Icon size={14} />}
            disabled={busy}
            onClick={() => setDialog(opens)}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={dialog === 'confirm'}
        onClose={close}
        title={t('boDesk.money.confirmTitle')}
        cancelLabel={t('backOffice.cancel')}
        confirmLabel={t('boDesk.money.confirmCredit')}
        confirmColor="green"
        onConfirm={confirm}
        isPending={busy}
        testId="confirm-transfer"
      >
        <Text size="sm">
          {t('boDesk.money.confirmText', { agency: transfer.agencyName ?? '', reference: transfer.reference })}{' '}
          <b>{amount}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {t('boDesk.money.bankReference')}: {transfer.bankReference ?? '—'}
        </Text>
      </ConfirmDialog>
      <ReasonDialog
        opened={dialog === 'reject'}
        onClose={close}
        title={t('boDesk.money.rejectTitle')}
        label={t('boDesk.money.rejectReason')}
        hint={t('boDesk.money.rejectReasonHint')}
        submitLabel={t('boDesk.money.reject')}
        maxLength={500}
        isRequiredHere
        isPending={busy}
        onSubmit={reject}
        testId="reject-transfer"
      />
    </>
  );
}
