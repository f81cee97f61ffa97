import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { TopUpView } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';
import { requiredField } from '@/components/required-field';
import { takeFieldError } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useTransferDecision } from '../api/money';

// Confirm a declared transfer (credits the balance once) or reject it with the reason the agency reads. Both
// buttons stay disabled while a decision is on its way, so a double click sends nothing twice.
export function TransferActions({ transfer }: { transfer: TopUpView }) {
  const { t } = useTranslation();
  const decide = useTransferDecision(transfer.id);
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = decide.isPending;
  const close = () => {
    if (!busy) setDialog(null);
  };
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
  const reject = () => {
    if (!reason.trim()) {
      setReasonError(t('messages.required'));
      return;
    }
    decide.mutate(
      { kind: 'reject', reason },
      {
        onSuccess: () => {
          notify.success(t('boDesk.money.rejected', { reference: transfer.reference }));
          setDialog(null);
        },
        onError: (error) => setReasonError(takeFieldError(error, 'reason')),
      },
    );
  };
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
      <Modal opened={dialog === 'confirm'} onClose={close} title={t('boDesk.money.confirmTitle')} centered>
        <Stack gap="sm" data-testid="confirm-transfer">
          <Text size="sm">
            {t('boDesk.money.confirmText', { agency: transfer.agencyName ?? '', reference: transfer.reference })}{' '}
            <b>{amount}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {t('boDesk.money.bankReference')}: {transfer.bankReference ?? '—'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('backOffice.cancel')}
            </Button>
            <Button color="green" loading={busy} disabled={busy} onClick={confirm}>
              {t('boDesk.money.confirmCredit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={dialog === 'reject'} onClose={close} title={t('boDesk.money.rejectTitle')} centered>
        <Stack gap="sm" data-testid="reject-transfer">
          <Textarea
            label={t('boDesk.money.rejectReason')}
            description={t('boDesk.money.rejectReasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...requiredField}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('backOffice.cancel')}
            </Button>
            <Button color="red" loading={busy} disabled={busy} onClick={reject}>
              {t('boDesk.money.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
