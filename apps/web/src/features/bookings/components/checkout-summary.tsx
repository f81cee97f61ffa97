import type { ReactNode } from 'react';
import { Divider, Group, Text } from '@mantine/core';
import { RU_CARD_SURCHARGE_PERCENT } from '@portal/contract';
import type { CurrencyCode, Offer, People, TourDetails } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { CurrencyNote } from '@/components/currency-note';
import { PriceSummary } from '@/components/price-summary';
import { SelectionCard } from '@/components/selection-card';
import type { CheckoutTotals } from '../utils/checkout-totals';
import { includedChargeLines, isAmountLine } from '../utils/amount-lines';

type CheckoutSummaryProps = {
  tour: TourDetails;
  offer: Offer;
  date: string;
  time: string | null;
  people: People;
  currency: CurrencyCode;
  totals: CheckoutTotals | null;
  promoPercent: number | null;
  // a quotation request charges nothing now: its figure is the catalogue estimate, the operator's quote decides
  isRequest?: boolean;
  // the net total in the currency the tour page showed, when the account is charged in another one
  shown?: { amount: number; currency: CurrencyCode } | null;
  children?: ReactNode;
};

function Row({
  label,
  amount,
  currency,
  testId,
  strong,
}: {
  label: string;
  amount: number;
  currency: CurrencyCode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 800 : 500} c={strong ? undefined : 'gray.7'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} c={strong ? 'brand.7' : undefined}>
        <Money amount={amount} currency={currency} testId={testId} />
      </Text>
    </Group>
  );
}

// SPEC §2 booking summary: the selection, published and net prices, promo, and (Russian site) surcharge, tax and fee
export function CheckoutSummary({
  tour,
  offer,
  date,
  time,
  people,
  currency,
  totals,
  promoPercent,
  isRequest = false,
  shown = null,
  children,
}: CheckoutSummaryProps) {
  const { t } = useTranslation();
  return (
    <SelectionCard
      testId="checkout-summary"
      heading={{
        id: 'summary-title',
        eyebrow: t('checkout.summary.title'),
        title: tour.title,
        subtitle: offer.name,
        date,
        time,
        note: t('checkout.summary.people', {
          adults: people.adults,
          children: people.children,
          infants: people.infants,
        }),
        testId: 'summary',
      }}
    >
      <Divider />
      {totals ? (
        <>
          <PriceSummary totals={totals.totals} currency={currency} promoPercent={promoPercent} />
          {totals.cardSurcharge > 0 && (
            <Row
              label={t('checkout.summary.cardSurcharge', { percent: RU_CARD_SURCHARGE_PERCENT })}
              amount={totals.cardSurcharge}
              currency={currency}
              testId="summary-surcharge"
            />
          )}
          {totals.toPay !== null && (
            <Row
              label={isRequest ? t('checkout.summary.estimate') : t('checkout.summary.toPay')}
              amount={totals.toPay}
              currency={currency}
              testId="summary-to-pay"
              strong
            />
          )}
          {shown && <CurrencyNote kind="shown" amount={shown.amount} currency={shown.currency} testId="shown-note" />}
          {totals.toPay !== null && isRequest && (
            <Text size="xs" c="dimmed" data-testid="summary-estimate-note">
              {t('checkout.summary.estimateNote')}
            </Text>
          )}
          {includedChargeLines(t, totals, 'summary')
            .filter(isAmountLine)
            .map((line) => (
              <Row key={line.testId} {...line} currency={currency} />
            ))}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('catalogue.offer.noPrice')}
        </Text>
      )}
      {children}
    </SelectionCard>
  );
}
