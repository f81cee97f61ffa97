import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { AdminBookingDetail } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { requiredField } from '@/components/required-field';
import { isApiError, markFieldShown } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCancelOnBehalf, useCancellationPreview } from '../api/bookings';
import { deskMessage } from '../messages';
import { checkFeeOverride, refundAfterFee } from '../utils/fee-override';
import { LabelledValue } from '@/components/labelled-value';

type Errors = { feeOverride?: string; reason?: string; other?: string };

// Cancel on the agency's behalf: the preview by the agency's own rule, and optionally another fee with its reason
export function CancelDialog({
  detail,
  opened,
  onClose,
}: {
  detail: AdminBookingDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { booking } = detail;
  const preview = useCancellationPreview(booking.id, opened);
  const cancel = useCancelOnBehalf(booking.id);
  const [override, setOverride] = useState(false);
  const [fee, setFee] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const p = preview.data;
  const currency = booking.amounts.currencyCode;

  const submit = () => {
    const next: Errors = {};
    const checked = override ? checkFeeOverride(fee, p?.paidTotal) : null;
    if (checked && 'error' in checked) next.feeOverride = deskMessage(t, checked.error);
    if (override && !reason.trim()) next.reason = deskMessage(t, 'overrideReasonRequired');
    setErrors(next);
    if (next.feeOverride || next.reason || !p) return;
    const feeMinor = checked && 'feeMinor' in checked ? checked.feeMinor : null;
    // the terms this dialog shows: the server refuses (409) if the booking changed meanwhile (paid, say)
    const expected = {
      expectedRefund: feeMinor === null ? p.refundAmount : refundAfterFee(p.paidTotal, feeMinor),
      expectedRefundTo: p.refundTo,
    };
    const body = feeMinor !== null ? { feeOverride: feeMinor, reason } : reason.trim() ? { reason } : {};
    cancel.mutate(
      { ...body, ...expected },
      {
        onSuccess: () => {
          notify.success(t('boDesk.booking.cancelled', { reference: booking.reference }));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error) || error.items.length === 0) return;
          const shown: Errors = {};
          for (const item of error.items) {
            const message = deskMessage(t, item.errorMessage);
            if (item.fieldName === 'feeOverride' || item.fieldName === 'reason') shown[item.fieldName] = message;
            else shown.other = message;
            markFieldShown(error, item.fieldName);
          }
          setErrors(shown);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !cancel.isPending && onClose()}
      title={t('boDesk.booking.cancelTitle', { reference: booking.reference })}
      size="lg"
      centered
    >
      <Stack gap="md" data-testid="cancel-dialog">
        {preview.isError ? (
          <Alert color="red" variant="light">
            {t('boDesk.booking.previewFailed')}
          </Alert>
        ) : !p ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : !p.cancellable ? (
          <Alert color="gray" variant="light">
            {translateMessage(p.reason ?? '')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {p.isPaid
                ? t('boDesk.booking.previewPaid', { hours: p.hoursBeforeStart })
                : t('boDesk.booking.previewUnpaid')}
            </Text>
            {p.isPaid && (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="cancel-preview">
                <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.paid')}>
                  <Money amount={p.paidTotal} currency={currency} />
                </LabelledValue>
                <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.policyFee')}>
                  <Money amount={p.cancellationFee} currency={currency} testId="preview-fee" />
                </LabelledValue>
                <LabelledValue
                  isPlain
                  isDashWhenEmpty
                  label={t('boDesk.booking.policyRefund', { percent: p.refundPercent })}
                >
                  <Money amount={p.refundAmount} currency={currency} testId="preview-refund" />
                </LabelledValue>
                <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.refundTo')}>
                  {p.refundTo ? t(`boDesk.paymentMethods.${p.refundTo}`) : '—'}
                </LabelledValue>
              </SimpleGrid>
            )}
            {p.isPaid && (
              <Checkbox
                label={t('boDesk.booking.override')}
                checked={override}
                onChange={(event) => {
                  setOverride(event.currentTarget.checked);
                  setErrors({});
                }}
                data-testid="override-fee"
              />
            )}
            {override && (
              <NumberInput
                label={t('boDesk.booking.fee')}
                description={t('boDesk.booking.feeHint', {
                  refund: typeof fee === 'number' && fee <= p.paidTotal ? (p.paidTotal - fee).toFixed(2) : '—',
                  currency: currency.toUpperCase(),
                })}
                min={0}
                max={p.paidTotal}
                decimalScale={2}
                thousandSeparator=" "
                suffix={` ${currency.toUpperCase()}`}
                value={fee}
                onChange={(value) => {
                  setFee(value);
                  setErrors((current) => ({ ...current, feeOverride: undefined }));
                }}
                error={errors.feeOverride}
                {...requiredField}
                data-testid="fee-input"
              />
            )}
            <Textarea
              label={override ? t('boDesk.booking.overrideReason') : t('boDesk.booking.note')}
              description={t('boDesk.booking.reasonHint')}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
              error={errors.reason}
              {...(override ? requiredField : {})}
              autosize
              minRows={2}
              maxLength={500}
              data-testid="cancel-reason"
            />
            {errors.other && (
              <Alert color="red" variant="light">
                {errors.other}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t('boDesk.booking.keep')}
          </Button>
          <Button
            color="red"
            onClick={submit}
            loading={cancel.isPending}
            disabled={!p?.cancellable || cancel.isPending}
          >
            {t('boDesk.booking.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
