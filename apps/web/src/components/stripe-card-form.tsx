import { useEffect, useRef, useState } from 'react';
import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CurrencyCode } from '@portal/contract';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { loadStripe, type StripeClient, type StripeElements, type StripeError } from '@/lib/stripe-js';
import { ErrorAlert } from './error-alert';

type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  currency: CurrencyCode;
  // where Stripe sends the browser back after a bank's own page (3-D Secure), path and query of this page
  returnPath: string;
  // the card was accepted: the page now waits for the server, which hears it from Stripe (webhook or its check)
  onPaid: () => void;
};

// what was mounted (or failed) for which form: a new secret, language or Try again starts over
type Mounted = { key: string; stripe: StripeClient; elements: StripeElements };

// Apple Pay and Google Pay, shown by the Payment Element beside the card where the browser and the account allow
const WALLETS = new Set(['apple_pay', 'google_pay']);

// Stripe's Payment Element on our page (PAYMENT_PROVIDER=stripe): the card never touches our server, and the money
// counts only once the server has it from Stripe, never from this page's word. A wallet (Apple Pay, Google Pay) is
// one more tab of the same element, confirmed by the same call and counted by the same webhook.
export function StripeCardForm({
  publishableKey,
  clientSecret,
  amount,
  currency,
  returnPath,
  onPaid,
}: StripeCardFormProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const slot = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${publishableKey} ${clientSecret} ${language} ${attempt}`;
  const [loaded, setLoaded] = useState<Mounted | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const mounted = loaded?.key === key ? loaded : null;
  const loadFailed = failedKey === key;
  const [error, setError] = useState<string | null>(null);
  const [isPaying, setPaying] = useState(false);
  // the method the payer has picked in the element (a card until it says otherwise)
  const method = useRef('card');

  useEffect(() => {
    let isCurrent = true;
    let destroy = () => {};
    loadStripe(publishableKey)
      .then((stripe) => {
        if (!isCurrent || !slot.current) return;
        const elements = stripe.elements({ clientSecret, locale: language });
        const element = elements.create('payment', {
          layout: 'tabs',
          wallets: { applePay: 'auto', googlePay: 'auto' },
        });
        method.current = 'card';
        element.on('change', (event) => (method.current = event.value?.type ?? 'card'));
        element.on('ready', () => isCurrent && setLoaded({ key, stripe, elements }));
        element.on('loaderror', () => isCurrent && setFailedKey(key));
        element.mount(slot.current);
        destroy = () => element.destroy();
      })
      .catch(() => isCurrent && setFailedKey(key));
    return () => {
      isCurrent = false;
      destroy();
    };
  }, [publishableKey, clientSecret, language, key]);

  const handlePay = async () => {
    if (!mounted) return;
    setPaying(true);
    setError(null);
    const result = await mounted.stripe.confirmPayment({
      elements: mounted.elements,
      confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
      redirect: 'if_required',
    });
    setPaying(false);
    if (result.error) setError(errorText(result.error));
    else onPaid();
  };

  // SPEC §8: a wallet's sheet closed or left without the payer's details, and a card form sent incomplete, each have
  // the spec's words (Stripe answers both before any request, as a validation error, and marks the fields itself);
  // anything else is Stripe's own words (in the page's language), or ours when it gives none
  const errorText = (stripeError: StripeError) => {
    if (stripeError.type === 'validation_error' && WALLETS.has(method.current))
      return t('bookingMessages.personalInformation');
    if (stripeError.type === 'validation_error' && stripeError.code?.startsWith('incomplete'))
      return t('bookingMessages.enterCardDetails');
    return stripeError.message ?? t('cardForm.declined');
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="card-form">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('cardForm.title')}
        </Title>
        {loadFailed ? (
          <ErrorAlert testId="card-form-failed">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('cardForm.loadFailed')}</Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={() => setAttempt((n) => n + 1)}
              >
                {t('common.tryAgain')}
              </Button>
            </Stack>
          </ErrorAlert>
        ) : (
          <>
            {!mounted && <Loader size="sm" aria-label={t('common.loading')} />}
            <div ref={slot} data-testid="card-element" />
          </>
        )}
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="card-form-error">
            {error}
          </Text>
        )}
        <Button
          leftSection={<IconLock size={16} />}
          disabled={!mounted || loadFailed}
          loading={isPaying}
          onClick={() => void handlePay()}
          data-testid="card-form-pay"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('cardForm.pay', { amount: formatMoney(amount, currency, language) })}
        </Button>
      </Stack>
    </Paper>
  );
}
