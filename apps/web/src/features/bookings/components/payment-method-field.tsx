import { Anchor, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { BOOKING_MESSAGES, canViewBalances } from '@portal/contract';
import type { CurrencyCode, PaymentMethod } from '@portal/contract';
import { IconBuildingBank, IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { useSessionUser } from '@/lib/session';
import { useBalance, useBalanceCovers } from '../api/get-balance';
import { CheckoutSection } from './checkout-section';
import { ErrorAlert } from '@/components/error-alert';

type PaymentMethodFieldProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  isCardAllowed: boolean;
  currency: CurrencyCode;
  // the agency's site's card surcharge (0: none)
  cardSurchargePercent: number;
  toPay: number | null;
};

// SPEC §2 payment method choice: the company balance (with what is available) or a card (SPEC §6: may be disabled)
export function PaymentMethodField({
  value,
  onChange,
  isCardAllowed,
  currency,
  cardSurchargePercent,
  toPay,
}: PaymentMethodFieldProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const seesBalance = canViewBalances(user?.role);
  const balance = useBalance(currency, seesBalance);
  const covers = useBalanceCovers(currency, toPay, !seesBalance);
  const isShort =
    value === 'balance' &&
    (seesBalance
      ? balance.data !== undefined && toPay !== null && balance.data.available < toPay
      : covers.data?.covers === false);

  return (
    <CheckoutSection id="payment-title" icon={IconWallet} title={t('checkout.payment.title')}>
      <Radio.Group
        value={value}
        onChange={(next) => onChange(next === 'card' ? 'card' : 'balance')}
        aria-label={t('checkout.payment.title')}
      >
        <Stack gap="sm">
          <Radio.Card value="balance" p="md" radius="md" data-testid="pay-balance">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <IconBuildingBank size={22} />
              <div>
                <Text fw={600}>{t('checkout.payment.balance')}</Text>
                <Text size="sm" c="dimmed" data-testid="available-balance">
                  {!seesBalance ? (
                    covers.data ? (
                      <span data-testid="balance-covers">
                        {covers.data.covers ? t('checkout.payment.covers') : t('checkout.payment.doesNotCover')}
                      </span>
                    ) : (
                      t('common.loading')
                    )
                  ) : balance.data ? (
                    <>
                      {t('checkout.payment.available')}{' '}
                      <Money
                        amount={balance.data.available}
                        currency={balance.data.currencyCode}
                        testId="balance-available"
                      />
                    </>
                  ) : (
                    t('common.loading')
                  )}
                </Text>
              </div>
            </Group>
          </Radio.Card>
          <Radio.Card
            value="card"
            p="md"
            radius="md"
            disabled={!isCardAllowed}
            data-testid="pay-card"
            style={isCardAllowed ? undefined : { opacity: 0.6 }}
          >
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator disabled={!isCardAllowed} />
              <IconCreditCard size={22} />
              <div>
                <Group gap="xs">
                  <Text fw={600}>{t('checkout.payment.card')}</Text>
                  {cardSurchargePercent > 0 && (
                    <Badge color="orange" variant="light" tt="none" data-testid="card-surcharge-badge">
                      {t('checkout.payment.surcharge', { percent: cardSurchargePercent })}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {isCardAllowed
                    ? t('checkout.payment.cardHint')
                    : translateMessage(BOOKING_MESSAGES.creditCardDisabled)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      {isShort && (
        <ErrorAlert iconSize={18} testId="insufficient-balance">
          {translateMessage(BOOKING_MESSAGES.insufficientBalance)}{' '}
          <Anchor component={Link} to={paths.topUp.getHref()} size="sm">
            {t('nav.topUp')}
          </Anchor>
        </ErrorAlert>
      )}
    </CheckoutSection>
  );
}
