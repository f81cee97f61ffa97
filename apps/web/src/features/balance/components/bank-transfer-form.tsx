import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconSend } from '@tabler/icons-react';
import { MIN_DATE, MONEY_MESSAGES, TopUpBody } from '@portal/contract';
import type { CurrencyCode, TopUpView } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { Money } from '@/components/money';
import { requiredField } from '@/components/required-field';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { todayInDubai } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useCreateTopUp } from '../api/create-top-up';
import { AmountInput } from './amount-input';
import { TransferDeclared } from './transfer-declared';

type Values = { amount: string | number; transferDate: string | null; bankReference: string; note: string };

const bodyOf = (values: Values, currency: CurrencyCode): TopUpBody => ({
  method: 'bank_transfer',
  currencyCode: currency,
  amount: values.amount === '' ? Number.NaN : Number(values.amount),
  transferDate: values.transferDate ?? '',
  bankReference: values.bankReference,
  note: values.note,
});

// The transfer just declared, with its reference to quote and a way to declare another
function Declared({ topUp, onAnother }: { topUp: TopUpView; onAnother: () => void }) {
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
        <Button variant="light" size="xs" onClick={onAnother}>
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
  const keyFor = useIdempotencyKey();
  const [declared, setDeclared] = useState<TopUpView | null>(null);
  const today = todayInDubai();
  const form = useForm<Values>({
    initialValues: { amount: '', transferDate: today, bankReference: '', note: '' },
    validate: (values) => {
      const errors = zodValidate(TopUpBody)(bodyOf(values, currency));
      if (values.transferDate && values.transferDate > todayInDubai())
        errors.transferDate = translateMessage(MONEY_MESSAGES.transferDateFuture);
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
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  });

  if (declared) return <Declared topUp={declared} onAnother={() => setDeclared(null)} />;

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
          loading={create.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="declare-transfer"
        >
          {t('balance.bank.submit')}
        </Button>
      </Stack>
    </form>
  );
}
