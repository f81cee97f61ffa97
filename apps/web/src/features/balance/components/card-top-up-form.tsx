import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { MONEY_MESSAGES } from '@portal/contract';
import type { CurrencyCode, TopUpBody } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { takeFieldError } from '@/lib/form';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useCreateTopUp } from '../api/create-top-up';
import { useTopUpFee } from '../api/get-top-up-fee';
import { parseAmount } from '../utils/amount';
import { AmountInput } from './amount-input';
import { FeeBreakdown } from './fee-breakdown';

type Limits = { minimum: number; maximum: number; currency: CurrencyCode };

// SPEC §2 credit card top-up: the fee is asked for as the agent types (300 ms after the last key), shown apart from
// the amount credited; paying goes to the provider's hosted page, and the balance is credited by the server only
export function CardTopUpForm({ currency, initialAmount }: { currency: CurrencyCode; initialAmount: string }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const [value, setValue] = useState<string | number>(initialAmount);
  const [debounced] = useDebouncedValue(value, 300);
  const amount = parseAmount(debounced);
  const fee = useTopUpFee(amount, currency);
  const create = useCreateTopUp();
  const keyFor = useIdempotencyKey();
  const [isLeaving, setLeaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isTouched, setTouched] = useState(false);
  const [limits, setLimits] = useState<Limits | null>(null);
  // the site's limits come with every fee answer; keep the last ones for when an amount is refused
  if (fee.data && (limits?.minimum !== fee.data.minimum || limits.maximum !== fee.data.maximum))
    setLimits({ minimum: fee.data.minimum, maximum: fee.data.maximum, currency: fee.data.currencyCode });

  const isTyping = value !== debounced;
  const quote = fee.data && amount !== null && !fee.isError ? fee.data : null;
  const isQuoteCurrent = quote !== null && !isTyping && !fee.isPlaceholderData && !fee.isFetching;
  const feeError = fee.isError && !isTyping ? takeFieldError(fee.error, 'amount') : null;
  const typedError =
    debounced !== '' && amount === null
      ? translateMessage(MONEY_MESSAGES.amountCents)
      : isTouched && value === ''
        ? translateMessage(MONEY_MESSAGES.amountRequired)
        : null;
  const error = typedError ?? feeError ?? submitError;

  const handlePay = () => {
    setTouched(true);
    if (amount === null || !isQuoteCurrent) return;
    const body: TopUpBody = { method: 'card', amount, currencyCode: currency };
    create.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (topUp) => {
          const url = topUp.payment?.redirectUrl;
          if (url) {
            setLeaving(true);
            window.location.assign(url);
          } else void navigate(paths.topUp.getHref({ topUp: topUp.id }));
        },
        onError: (failure) => setSubmitError(takeFieldError(failure, 'amount')),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="card-top-up">
      <AmountInput
        label={t('balance.card.amount')}
        currency={currency}
        value={value}
        onChange={(next) => {
          setValue(next);
          setSubmitError(null);
        }}
        onBlur={() => setTouched(true)}
        error={error}
        description={
          limits
            ? t('balance.card.limits', {
                minimum: formatMoney(limits.minimum, limits.currency, language),
                maximum: formatMoney(limits.maximum, limits.currency, language),
              })
            : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-testid="card-amount"
      />
      {quote ? (
        <FeeBreakdown quote={quote} isStale={!isQuoteCurrent} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="fee-placeholder">
          {t('balance.card.enterAmount')}
        </Text>
      )}
      <Button
        size="md"
        leftSection={<IconCreditCard size={18} />}
        onClick={handlePay}
        loading={create.isPending || isLeaving}
        disabled={!isQuoteCurrent}
        data-testid="pay-top-up"
      >
        {quote && isQuoteCurrent
          ? t('balance.card.payTotal', { total: formatMoney(quote.total, quote.currencyCode, language) })
          : t('balance.card.pay')}
      </Button>
      <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <IconLock size={14} />
        {t('balance.card.securePage')}
      </Text>
    </Stack>
  );
}
