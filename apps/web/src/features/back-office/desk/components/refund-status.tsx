import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeskPayment, PaymentStatus, RefundState } from '@portal/contract';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { notify } from '@/lib/notify';
import { useRecordRefundMade, useRetryRefund } from '../api/money';

// a badge keeps its whole word in a narrow table cell
const BADGE_STYLE = { minWidth: 'max-content' } as const;

const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  requires_action: 'yellow',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'grape',
};
const REFUND_COLORS: Record<RefundState, string> = {
  none: 'gray',
  owed: 'yellow',
  in_progress: 'blue',
  failed: 'red',
  needs_check: 'orange',
  refunded: 'grape',
};

// The provider's status of a card payment
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge status={status} colors={PAYMENT_COLORS} textKeys="boDesk.paymentStatuses" style={BADGE_STYLE} />;
}

// Where a payment's refund stands, with Retry for one the provider has not confirmed
export function RefundStatus({ payment }: { payment: DeskPayment }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const retry = useRetryRefund();
  const { refund } = payment;
  if (refund.state === 'none') return <Text size="sm">—</Text>;
  const owed = refund.state !== 'refunded';
  return (
    <Stack gap={4} align="flex-start" data-testid="refund-status" data-state={refund.state}>
      <StatusBadge status={refund.state} colors={REFUND_COLORS} textKeys="boDesk.refundStates" style={BADGE_STYLE} />
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {owed ? t('boDesk.money.owed') : t('boDesk.money.refunded')}{' '}
        <Money amount={owed ? refund.owed : refund.refunded} currency={payment.currencyCode} />
      </Text>
      {refund.state === 'needs_check' && refund.hold && (
        <Stack gap={0} maw={320} data-testid="refund-hold">
          <Text size="xs" c="orange.8">
            {t(`boDesk.money.hold.${refund.hold}`, { provider: payment.provider })}
          </Text>
          {/* the provider's own answer, with the attempt id to look for there */}
          {payment.failureMessage && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {translateMessage(payment.failureMessage)}
            </Text>
          )}
        </Stack>
      )}
      {owed && refund.retryAfter && (
        <Text size="xs" c="dimmed">
          {t('boDesk.money.retryAfter', { at: formatDateTime(refund.retryAfter, language) })}
        </Text>
      )}
      {owed && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={12} />}
          disabled={!refund.canRetry || retry.isPending}
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(payment.id, {
              onSuccess: (after) =>
                after.refund.state === 'refunded'
                  ? notify.success(t('boDesk.money.retryDone'))
                  : notify.error(t('boDesk.money.retryFailed')),
            })
          }
        >
          {refund.hold ? t('boDesk.money.askAgain') : t('boDesk.money.retry')}
        </Button>
      )}
      {refund.canRecordMade && <RecordRefundMade payment={payment} />}
    </Stack>
  );
}

// A refund that needs checking, found at the provider (or made there by hand): recorded after a confirmation
function RecordRefundMade({ payment }: { payment: DeskPayment }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [open, setOpen] = useState(false);
  const record = useRecordRefundMade();
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        color="grape"
        leftSection={<IconCircleCheck size={12} />}
        onClick={() => setOpen(true)}
      >
        {t('boDesk.money.recordMade')}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('boDesk.money.recordTitle')}
        cancelLabel={t('boDesk.money.recordBack')}
        confirmLabel={t('boDesk.money.recordConfirm')}
        confirmColor="grape"
        isPending={record.isPending}
        onConfirm={() =>
          record.mutate(payment.id, {
            onSuccess: () => {
              setOpen(false);
              notify.success(t('boDesk.money.recorded'));
            },
          })
        }
      >
        <Text size="sm">
          {t('boDesk.money.recordText', {
            amount: formatMoney(payment.refund.owed, payment.currencyCode, language),
            provider: payment.provider,
          })}
        </Text>
      </ConfirmDialog>
    </>
  );
}
