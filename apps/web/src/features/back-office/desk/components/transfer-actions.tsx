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
import { useTransferDecision } from '../api/money';

// Confirm a declared transfer (credits the balance once) or reject it with the reason the agency reads. Both
// buttons stay disabled while a decision is on its way, so a double click sends nothing twice.
export function TransferActions({ transfer }: { transfer: TopUpView }) {
  const { t } = useTranslation();
  const decide = useTransferDecision(transfer.id);
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const busy = decide.isPending;
  const close = () => setDialog(null);
  const confirm = () =>
    decide.mutate(
      { kind: 'confirm' },
      {
        onSuccess: () => {
          notify.success(t('boDesk.money.confirmed', { reference: transfer.reference }));
          setDialog(null);
        },
        onError: () => setDialog(null),
      },
    );
  const reject = (reason: string, showError: (message: string | null) => void) =>
    decide.mutate(
      { kind: 'reject', reason },
      {
        onSuccess: () => {
          notify.success(t('boDesk.money.rejected', { reference: transfer.reference }));
          setDialog(null);
        },
        onError: (error) => showError(takeFieldError(error, 'reason')),
      },
    );
  const amount = <Money amount={transfer.amount} currency={transfer.currencyCode} />;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="green"
          leftSection={<IconCheck size={14} />}
          disabled={busy}
          onClick={() => setDialog('confirm')}
        >
          {t('boDesk.money.confirm')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} />}
          disabled={busy}
          onClick={() => setDialog('reject')}
        >
          {t('boDesk.money.reject')}
        </Button>
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
