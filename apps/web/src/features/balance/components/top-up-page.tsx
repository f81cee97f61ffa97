import { Anchor, Button, Grid, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useSearchParams } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { useAgencyCurrency } from '@/lib/me';
import { useSessionUser } from '@/lib/session';
import { useAccountBalance } from '../api/get-balance';
import { BalanceStats } from './balance-stats';
import { isUuid } from '@portal/contract/plain';
import { BankTransferForm } from './bank-transfer-form';
import { CardTopUpForm } from './card-top-up-form';
import { DepositDetailsCard } from './deposit-details-card';
import { AgentPage } from '@/components/agent-page';
import { TopUpResult } from './top-up-result';
import { TopUpsList } from './top-ups-list';
import { NoticeAlert } from '@/components/notice-alert';

type Method = 'card' | 'bank_transfer';

function MethodLabel({ method }: { method: Method }) {
  const { t } = useTranslation();
  const Icon = method === 'card' ? IconCreditCard : IconBuildingBank;
  return (
    <Group gap={8} justify="center" wrap="nowrap">
      <Icon size={18} />
      <span>{t(`balance.method.${method}`)}</span>
    </Group>
  );
}

// Beside the card form: where the balance stands, and how a card top-up reaches it
function CardAside({ currency }: { currency: CurrencyCode }) {
  const { t } = useTranslation();
  const balance = useAccountBalance(currency);
  return (
    <Stack gap="sm">
      {balance.data && (
        <BalanceStats
          balance={balance.data}
          balanceLabel={t('balance.cards.balance')}
          testIds={{ balance: 'balance-amount', available: 'balance-available' }}
          isAvailableMain
        />
      )}
      <Paper withBorder p="md" bg="gray.0">
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {t('balance.card.howTitle')}
          </Text>
          <Text size="sm">{t('balance.card.howPay')}</Text>
          <Text size="sm">{t('balance.card.howCredited')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

// SPEC §2 /top-up: by card (a fee apart, paid on the provider's page) or by a declared bank transfer; the agency's
// top-ups below
export function TopUpPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('nav.topUp'));
  const user = useSessionUser();
  const { currency, isLoading } = useAgencyCurrency();
  const [search, setSearch] = useSearchParams();
  const topUpId = search.get('topUp') ?? '';
  const isCardAllowed = user?.isCreditCardTopupAllowed !== 0;
  const method: Method = search.get('method') === 'bank_transfer' || !isCardAllowed ? 'bank_transfer' : 'card';

  if (search.has('topUp') && !isUuid(topUpId)) return <Navigate to={paths.notFound.getHref()} replace />;

  const chooseMethod = (next: string) => setSearch(next === 'bank_transfer' ? { method: next } : {}, { replace: true });

  return (
    <AgentPage
      gap="xl"
      title={t('nav.topUp')}
      subtitle={t('balance.topUpSubtitle')}
      action={
        <Button component={Link} to={paths.balance.getHref()} variant="light" leftSection={<IconReceipt size={18} />}>
          {t('balance.title')}
        </Button>
      }
    >
      {topUpId ? (
        <TopUpResult id={topUpId} />
      ) : isLoading ? (
        <SectionSpinner />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="lg">
                <SegmentedControl
                  fullWidth
                  size="md"
                  value={method}
                  onChange={chooseMethod}
                  data={[
                    { value: 'card', label: <MethodLabel method="card" />, disabled: !isCardAllowed },
                    { value: 'bank_transfer', label: <MethodLabel method="bank_transfer" /> },
                  ]}
                  aria-label={t('balance.method.choose')}
                  data-testid="top-up-method"
                />
                {!isCardAllowed && (
                  <NoticeAlert color="yellow" icon={IconInfoCircle} iconSize={20} testId="card-disabled">
                    {translateMessage(BOOKING_MESSAGES.creditCardDisabled)}
                  </NoticeAlert>
                )}
                {method === 'card' ? (
                  <CardTopUpForm currency={currency} initialAmount={search.get('amount') ?? ''} />
                ) : (
                  <BankTransferForm currency={currency} />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {method === 'card' ? <CardAside currency={currency} /> : <DepositDetailsCard />}
          </Grid.Col>
        </Grid>
      )}

      <TopUpsList />
      <Text size="sm" c="dimmed">
        {t('balance.statementHint')}{' '}
        <Anchor component={Link} to={paths.balance.getHref('transactions')}>
          {t('nav.transactions')}
        </Anchor>
      </Text>
    </AgentPage>
  );
}
