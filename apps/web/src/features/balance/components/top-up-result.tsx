import { useEffect, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import type { TopUpView } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { SectionSpinner } from '@/components/page-spinner';
import { PaymentFailedAlert } from '@/components/payment-failed-alert';
import { StripeCardForm } from '@/components/stripe-card-form';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { useAccountBalance } from '../api/get-balance';
import { useTopUp } from '../api/get-top-up';
import { moneyKeys } from '../api/keys';
import { BalanceStats } from './balance-stats';
import { TransferDeclared } from './transfer-declared';
import { NoticeAlert } from '@/components/notice-alert';
import { ErrorAlert } from '@/components/error-alert';

const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

function Credited({ topUp }: { topUp: TopUpView }) {
  const { t } = useTranslation();
  const balance = useAccountBalance(topUp.currencyCode);
  return (
    <NoticeAlert
      color="teal"
      icon={IconCircleCheck}
      iconSize={24}
      title={
        <Text fw={700} fz="lg" component="span">
          {t('balance.result.creditedTitle')}
        </Text>
      }
      data-testid="top-up-credited"
    >
      <Stack gap="md">
        <Text data-testid="credited-text">
          <Text span fw={800}>
            <Money amount={topUp.amount} currency={topUp.currencyCode} testId="credited-amount" />
          </Text>{' '}
          {t('balance.result.creditedText')}
        </Text>
        {topUp.fee > 0 && (
          <Text size="sm" c="dimmed">
            {t('balance.result.feeCharged')}{' '}
            <Money amount={topUp.fee} currency={topUp.currencyCode} testId="credited-fee" />
          </Text>
        )}
        {balance.data && (
          <Group gap="sm" grow preventGrowOverflow={false} maw={520}>
            <BalanceStats
              balance={balance.data}
              balanceLabel={t('balance.result.newBalance')}
              testIds={{ balance: 'new-balance', available: 'new-available' }}
            />
          </Group>
        )}
        <Group gap="sm">
          <Button component={Link} to={paths.balance.getHref('transactions')} data-testid="open-statement">
            {t('balance.result.openStatement')}
          </Button>
          <Button component={Link} to={paths.topUp.getHref()} variant="default">
            {t('balance.result.again')}
          </Button>
        </Group>
      </Stack>
    </NoticeAlert>
  );
}

function NotPaid({ topUp }: { topUp: TopUpView }) {
  const { t } = useTranslation();
  const isCancelled = topUp.status === 'cancelled';
  // an unpaid card top-up carries the provider's reason (the payment itself is no longer open)
  const failure = topUp.payment?.failureMessage ?? topUp.rejectReason;
  return (
    <PaymentFailedAlert
      cancelledTitle={isCancelled ? t('balance.result.cancelledTitle') : null}
      testId="top-up-failed"
      data={{ 'data-status': topUp.status }}
    >
      {failure && <Text size="sm">{translateMessage(failure)}</Text>}
      <Text size="sm">{t('balance.result.nothingCredited')}</Text>
      <Button
        color="red"
        component={Link}
        to={paths.topUp.getHref({ method: 'card', amount: String(topUp.amount) })}
        leftSection={<IconRefresh size={16} />}
        data-testid="top-up-try-again"
      >
        {t('common.tryAgain')}
      </Button>
    </PaymentFailedAlert>
  );
}

type WaitingProps = { topUp: TopUpView; isTimedOut: boolean; onCheck: () => void; isChecking: boolean };

function Waiting({ topUp, isTimedOut, onCheck, isChecking }: WaitingProps) {
  const { t } = useTranslation();
  // with Stripe the card form is on this page, until the card is sent for this payment
  const [cardSentFor, setCardSentFor] = useState<string | null>(null);
  const payment = topUp.payment;
  if (
    topUp.method === 'card' &&
    payment?.clientSecret &&
    payment.publishableKey &&
    (payment.status === 'pending' || payment.status === 'requires_action') &&
    cardSentFor !== payment.id
  )
    return (
      <StripeCardForm
        publishableKey={payment.publishableKey}
        clientSecret={payment.clientSecret}
        amount={topUp.total}
        currency={topUp.currencyCode}
        returnPath={paths.topUp.getHref({ topUp: topUp.id, payment: payment.id })}
        onPaid={() => {
          setCardSentFor(payment.id);
          onCheck();
        }}
      />
    );
  if (topUp.method === 'bank_transfer')
    return (
      <TransferDeclared>
        {t('balance.bank.declaredReference')} <strong>{topUp.reference}</strong>. {t('balance.bank.declaredText')}
      </TransferDeclared>
    );
  return (
    <Paper withBorder p="lg" data-testid="top-up-pending">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {isTimedOut ? <IconClockHour4 size={28} /> : <Loader size="sm" />}
        <Stack gap={6} align="flex-start">
          <Text fw={700}>{isTimedOut ? t('balance.result.stillPending') : t('balance.result.processing')}</Text>
          <Text size="sm" c="dimmed">
            {t('balance.result.processingText')}
          </Text>
          {isTimedOut && (
            <Button variant="light" size="xs" onClick={onCheck} loading={isChecking}>
              {t('balance.result.checkAgain')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function Rejected({ topUp }: { topUp: TopUpView }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert iconSize={22} title={t('balance.result.rejectedTitle')} testId="top-up-rejected">
      {topUp.rejectReason ?? t('balance.result.nothingCredited')}
    </ErrorAlert>
  );
}

// What became of the top-up, or that it is still waiting for the payment or the operator
function Outcome(props: WaitingProps) {
  switch (props.topUp.status) {
    case 'credited':
      return <Credited topUp={props.topUp} />;
    case 'failed':
    case 'cancelled':
      return <NotPaid topUp={props.topUp} />;
    case 'rejected':
      return <Rejected topUp={props.topUp} />;
    default:
      return <Waiting {...props} />;
  }
}

// The return from the card provider (/top-up?topUp=<id>&payment=<id>): the top-up's state as the server knows it,
// asked again every 2 s while the payment is open (the server checks with the provider), for up to a minute
export function TopUpResult({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isTimedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const topUp = useTopUp(id, (view) =>
    view?.status === 'pending' && view.method === 'card' && !isTimedOut ? POLL_MS : false,
  );
  const status = topUp.data?.status;
  useEffect(() => {
    // the balance, the statement and the list change once the server has credited the money
    if (status === 'credited') void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  }, [status, queryClient]);

  return (
    <Stack gap="sm" data-testid="top-up-result">
      <Title order={2} size="h3">
        {t('balance.result.title')}
        {topUp.data && (
          <Text span c="dimmed" fw={500} fz="md" ml="sm" data-testid="result-reference">
            {topUp.data.reference}
          </Text>
        )}
      </Title>
      {topUp.data ? (
        <Outcome
          topUp={topUp.data}
          isTimedOut={isTimedOut}
          onCheck={() => void topUp.refetch()}
          isChecking={topUp.isFetching}
        />
      ) : (
        <SectionSpinner />
      )}
    </Stack>
  );
}
