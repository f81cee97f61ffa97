import { Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AgencyAdjustmentBody } from '@portal/contract';
import type { AdminAgencyDetail } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useAgencyAdjustment } from '../../api/agencies';
import { Section } from '../../components/section';

type Values = { direction: 'credit' | 'debit'; amount: number | string; reason: string };

const bodyOf = (values: Values): AgencyAdjustmentBody => ({
  direction: values.direction,
  amount: typeof values.amount === 'number' ? values.amount : Number(values.amount),
  reason: values.reason,
});

// A manual credit or debit with a reason the agency reads on its statement; one key per attempt posts it once
export function AdjustmentForm({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const adjust = useAgencyAdjustment(agency.id);
  const keyFor = useIdempotencyKey();
  const form = useForm<Values>({
    initialValues: { direction: 'credit', amount: '', reason: '' },
    validate: (values) => zodValidate(AgencyAdjustmentBody)(bodyOf(values)),
  });
  const submit = form.onSubmit((values) => {
    const body = bodyOf(values);
    adjust.mutate(
      { body, key: keyFor(body) },
      {
        onSuccess: (posted) => {
          notify.success(
            t('backOffice.agency.adjusted', {
              balance: `${posted.balanceAfter.toFixed(2)} ${posted.currencyCode.toUpperCase()}`,
            }),
          );
          form.reset();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  });

  return (
    <Section title={t('backOffice.agency.adjustTitle')} testId="agency-adjustment">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              {t('backOffice.agencies.balance')}: <Money amount={agency.balance} currency={agency.currency} />
            </Text>
            <Text size="sm">
              {t('backOffice.agencies.available')}: <Money amount={agency.available} currency={agency.currency} />
            </Text>
            {agency.overdue > 0 && (
              <Text size="sm" c="red.8">
                {t('backOffice.agencies.overdue')}: <Money amount={agency.overdue} currency={agency.currency} />
              </Text>
            )}
          </Group>
          <SegmentedControl
            data={[
              { value: 'credit', label: t('backOffice.agency.credit') },
              { value: 'debit', label: t('backOffice.agency.debit') },
            ]}
            {...form.getInputProps('direction')}
            w={{ base: '100%', sm: 280 }}
          />
          <NumberInput
            label={t('backOffice.agency.amount')}
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            suffix={` ${agency.currency.toUpperCase()}`}
            w={{ base: '100%', sm: 280 }}
            {...form.getInputProps('amount')}
          />
          <Textarea
            label={t('backOffice.agency.adjustReason')}
            description={t('backOffice.agency.adjustReasonHint')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={adjust.isPending}
              color={form.values.direction === 'debit' ? 'red' : undefined}
            >
              {form.values.direction === 'debit' ? t('backOffice.agency.postDebit') : t('backOffice.agency.postCredit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
