import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QuoteBody } from '@portal/contract';
import type { AdminRequestRow } from '@portal/contract';
import { IconCurrencyDollar, IconX } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import { applyServerErrors, takeFieldError, zodValidate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { ReasonDialog } from '../../components/reason-dialog';
import { useDeclineRequest, useQuoteRequest } from '../api/requests';

type QuoteValues = { netTotal: number | string; validHours: number | string; note: string };

const quoteBody = (values: QuoteValues) => ({
  netTotal: values.netTotal === '' ? Number.NaN : Number(values.netTotal),
  validHours: values.validHours === '' ? Number.NaN : Number(values.validHours),
  note: values.note,
});

// Quote a request (net total for the agency, how many hours it is valid, a note) through a dialog
function QuoteDialog({ request, opened, onClose }: { request: AdminRequestRow; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const quote = useQuoteRequest(request.id);
  const form = useForm<QuoteValues>({
    initialValues: {
      netTotal: request.quote?.netTotal ?? request.netRate,
      validHours: 48,
      note: request.quote?.note ?? '',
    },
    validate: (values) => zodValidate(QuoteBody)(quoteBody(values)),
  });
  const submit = form.onSubmit((values) =>
    quote.mutate(quoteBody(values), {
      onSuccess: () => {
        notify.success(t('boDesk.requests.quoted', { reference: request.reference }));
        onClose();
      },
      onError: (error) => applyServerErrors(form, error),
    }),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('boDesk.requests.quoteTitle', { reference: request.reference })}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="quote-form">
        <Stack gap="sm">
          <NumberInput
            label={t('boDesk.requests.quoteAmount')}
            description={t('boDesk.requests.quoteAmountHint')}
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            suffix={` ${request.currencyCode.toUpperCase()}`}
            data-autofocus
            {...requiredField}
            {...form.getInputProps('netTotal')}
          />
          <NumberInput
            label={t('boDesk.requests.validHours')}
            description={t('boDesk.requests.validHoursHint')}
            min={1}
            max={720}
            allowDecimal={false}
            {...requiredField}
            {...form.getInputProps('validHours')}
          />
          <Textarea
            label={t('boDesk.requests.quoteNote')}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('backOffice.cancel')}
            </Button>
            <Button type="submit" loading={quote.isPending}>
              {t('boDesk.requests.sendQuote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// Decline a request with the reason the agent reads (required)
function DeclineDialog({ request, onClose }: { request: AdminRequestRow; onClose: () => void }) {
  const { t } = useTranslation();
  const decline = useDeclineRequest(request.id);
  const submit = (reason: string, showError: (message: string | null) => void) =>
    decline.mutate(reason, {
      onSuccess: () => {
        notify.success(t('boDesk.requests.declined', { reference: request.reference }));
        onClose();
      },
      onError: (failure) => showError(takeFieldError(failure, 'reason')),
    });
  return (
    <ReasonDialog
      opened
      onClose={onClose}
      title={t('boDesk.requests.declineTitle', { reference: request.reference })}
      label={t('boDesk.requests.declineReason')}
      hint={t('boDesk.requests.declineReasonHint')}
      submitLabel={t('boDesk.requests.decline')}
      maxLength={1000}
      isRequiredHere
      isPending={decline.isPending}
      onSubmit={submit}
      testId="decline-form"
    />
  );
}

// What the operator can do with an open request: quote it (again, while unpaid) or decline it
export function RequestActions({ request }: { request: AdminRequestRow }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'quote' | 'decline' | null>(null);
  const isOpen = request.status === 'request' || request.status === 'payment_required';
  if (!isOpen) return null;
  return (
    <>
      <Group gap="sm">
        <Button leftSection={<IconCurrencyDollar size={16} />} onClick={() => setDialog('quote')}>
          {request.status === 'request' ? t('boDesk.requests.quote') : t('boDesk.requests.requote')}
        </Button>
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('decline')}>
          {t('boDesk.requests.decline')}
        </Button>
      </Group>
      {dialog === 'quote' && <QuoteDialog request={request} opened onClose={() => setDialog(null)} />}
      {dialog === 'decline' && <DeclineDialog request={request} onClose={() => setDialog(null)} />}
    </>
  );
}
