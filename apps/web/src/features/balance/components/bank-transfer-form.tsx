import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconSend } from '@tabler/icons-react';
import { MIN_DATE, MONEY_MESSAGES, TopUpBody } from '@portal/contract';
import type { CurrencyCode, TopUpView } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { FileField } from '@/components/file-field';
import { Money } from '@/components/money';
import { TransferProofLink } from '@/components/transfer-proof-link';
import { requiredField } from '@/components/required-field';
import { applyServerErrors, takeFieldError, zodValidate } from '@/lib/form';
import { ACCEPTED_UPLOAD_TYPES, fileProblem } from '@/lib/upload-file';
import { todayInDubai } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useAttachTransferProof } from '../api/attach-transfer-proof';
import { useCreateTopUp } from '../api/create-top-up';
import { AmountInput } from './amount-input';
import { TransferDeclared } from './transfer-declared';

type Values = {
  amount: string | number;
  transferDate: string | null;
  bankReference: string;
  note: string;
  proof: File | null;
};

const bodyOf = (values: Values, currency: CurrencyCode): TopUpBody => ({
  method: 'bank_transfer',
  currencyCode: currency,
  amount: values.amount === '' ? Number.NaN : Number(values.amount),
  transferDate: values.transferDate ?? '',
  bankReference: values.bankReference,
  note: values.note,
});

// The proof of a declared transfer: attached, or a field to attach it while the transfer waits
function ProofOf({ topUp, onAttached }: { topUp: TopUpView; onAttached: (next: TopUpView) => void }) {
  const { t } = useTranslation();
  const attach = useAttachTransferProof();
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? fileProblem(file) : null;
  const send = () => {
    if (!file || problem) return;
    attach.mutate(
      { topUpId: topUp.id, file },
      {
        onSuccess: (next) => {
          setFile(null);
          onAttached(next);
        },
      },
    );
  };
  return (
    <Stack gap="xs" align="flex-start" w="100%" maw={520} data-testid="declared-proof">
      {topUp.proofFileId ? (
        <Group gap="xs">
          <Text size="sm">{t('balance.bank.proofAttached')}</Text>
          <TransferProofLink fileId={topUp.proofFileId} />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('balance.bank.proofMissing')}
        </Text>
      )}
      {!topUp.proofFileId && (
        <>
          <FileField
            label={t('balance.bank.proof')}
            description={t('balance.bank.proofHint')}
            accept={ACCEPTED_UPLOAD_TYPES}
            value={file}
            error={problem ? translateMessage(problem) : takeFieldError(attach.error, 'file')}
            onChange={setFile}
          />
          <Button
            variant="light"
            size="xs"
            disabled={!file || problem !== null}
            loading={attach.isPending}
            onClick={send}
          >
            {t('balance.bank.proofAttach')}
          </Button>
        </>
      )}
    </Stack>
  );
}

// The transfer just declared, with its reference to quote and a way to declare another
function Declared({
  topUp,
  onAnother,
  onChange,
}: {
  topUp: TopUpView;
  onAnother: () => void;
  onChange: (next: TopUpView) => void;
}) {
  const { t } = useTranslation();
  return (
    <TransferDeclared>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('balance.bank.declaredReference')}{' '}
          <Text span fw={700} data-testid="declared-reference">
            {topUp.reference}
          </Text>
          {' · '}
          <Money amount={topUp.amount} currency={topUp.currencyCode} testId="declared-amount" />
        </Text>
        <Text size="sm">{t('balance.bank.declaredText')}</Text>
        <ProofOf topUp={topUp} onAttached={onChange} />
        <Button variant="subtle" size="xs" onClick={onAnother}>
          {t('balance.bank.another')}
        </Button>
      </Stack>
    </TransferDeclared>
  );
}

// SPEC §2 top-up by bank transfer: the agent declares the transfer they made; the operator confirms it
export function BankTransferForm({ currency }: { currency: CurrencyCode }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const create = useCreateTopUp();
  const attach = useAttachTransferProof();
  const keyFor = useIdempotencyKey();
  const [declared, setDeclared] = useState<TopUpView | null>(null);
  const today = todayInDubai();
  const form = useForm<Values>({
    initialValues: { amount: '', transferDate: today, bankReference: '', note: '', proof: null },
    validate: (values) => {
      const errors = zodValidate(TopUpBody)(bodyOf(values, currency));
      if (values.transferDate && values.transferDate > todayInDubai())
        errors.transferDate = translateMessage(MONEY_MESSAGES.transferDateFuture);
      const problem = values.proof ? fileProblem(values.proof) : null;
      if (problem) errors.proof = translateMessage(problem);
      return errors;
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = bodyOf(values, currency);
    create.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (topUp) => {
          setDeclared(topUp);
          form.reset();
          // the proof goes after the declaration: a failed upload leaves the transfer declared, and the panel
          // below it offers to attach the proof again
          if (values.proof)
            attach.mutate({ topUpId: topUp.id, file: values.proof }, { onSuccess: (next) => setDeclared(next) });
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  });

  if (declared) return <Declared topUp={declared} onAnother={() => setDeclared(null)} onChange={setDeclared} />;

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="bank-transfer-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <AmountInput label={t('balance.bank.amount')} currency={currency} {...form.getInputProps('amount')} />
          <AppDatesProvider language={language}>
            <DatePickerInput
              label={t('balance.bank.transferDate')}
              valueFormat={DISPLAY_DATE_FORMAT}
              minDate={MIN_DATE}
              maxDate={today}
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ position: 'bottom-start', shadow: 'md' }}
              size="md"
              {...requiredField}
              {...form.getInputProps('transferDate')}
            />
          </AppDatesProvider>
        </SimpleGrid>
        <TextInput
          label={t('balance.bank.bankReference')}
          description={t('balance.bank.bankReferenceHint')}
          maxLength={100}
          {...requiredField}
          {...form.getInputProps('bankReference')}
        />
        <FileField
          label={t('balance.bank.proof')}
          description={t('balance.bank.proofHint')}
          accept={ACCEPTED_UPLOAD_TYPES}
          value={form.values.proof}
          error={form.errors.proof}
          onChange={(file) => form.setFieldValue('proof', file)}
        />
        <Textarea
          label={t('balance.bank.note')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          size="md"
          {...form.getInputProps('note')}
        />
        <Button
          type="submit"
          size="md"
          leftSection={<IconSend size={18} />}
          loading={create.isPending || attach.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="declare-transfer"
        >
          {t('balance.bank.submit')}
        </Button>
      </Stack>
    </form>
  );
}
