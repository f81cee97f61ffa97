import { Badge, Button, Stack, Text } from '@mantine/core';
import type { DeskPayment, PaymentStatus, RefundState } from '@portal/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { notify } from '@/lib/notify';
import { useRetryRefund } from '../api/money';

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
  refunded: 'grape',
};

// The provider's status of a card payment
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="light" data-status={status} style={BADGE_STYLE}>
      {t(`boDesk.paymentStatuses.${status}`)}
    </Badge>
  );
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
      <Badge color={REFUND_COLORS[refund.state]} variant="light" style={BADGE_STYLE}>
        {t(`boDesk.refundStates.${refund.state}`)}
      </Badge>
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {owed ? t('boDesk.money.owed') : t('boDesk.money.refunded')}{' '}
        <Money amount={owed ? refund.owed : refund.refunded} currency={payment.currencyCode} />
      </Text>
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
          {t('boDesk.money.retry')}
        </Button>
      )}
    </Stack>
  );
}
