import { Button, Tabs } from '@mantine/core';
import { IconBuildingBank, IconCalendarStats, IconCreditCard, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useAgencyCurrency } from '@/lib/me';
import { isBalanceTab, useBalanceParams } from '../hooks/use-balance-params';
import { BalanceCards } from './balance-cards';
import { DepositTab } from './deposit-tab';
import { AgentPage } from '@/components/agent-page';
import { StatementTab } from './statement-tab';
import { SummaryTab } from './summary-tab';
import { useIsPhone } from '@/lib/use-is-phone';

// SPEC §2 /balance: the account's figures, then the monthly summary, the daily statement and the bank details
export function BalancePage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('balance.title'));
  const { currency, isLoading } = useAgencyCurrency();
  const [params, update] = useBalanceParams();
  // on a phone the three tabs wrap as pills rather than run off the screen
  const isPhone = useIsPhone();
  const icon = (Icon: typeof IconCalendarStats) => (isPhone ? undefined : <Icon size={16} />);

  return (
    <AgentPage
      gap="lg"
      textKeys="balance"
      action={
        <Button
          component={Link}
          to={paths.topUp.getHref()}
          leftSection={<IconCreditCard size={18} />}
          data-testid="top-up-link"
        >
          {t('nav.topUp')}
        </Button>
      }
    >
      <BalanceCards currency={isLoading ? null : currency} />

      <Tabs
        value={params.tab}
        onChange={(value) => isBalanceTab(value) && update({ tab: value })}
        keepMounted={false}
        variant={isPhone ? 'pills' : 'outline'}
      >
        <Tabs.List mb="md" style={{ flexWrap: isPhone ? 'wrap' : 'nowrap', rowGap: 4 }}>
          <Tabs.Tab value="summary" leftSection={icon(IconCalendarStats)} data-testid="tab-summary">
            {t('balance.tabs.summary')}
          </Tabs.Tab>
          <Tabs.Tab value="transactions" leftSection={icon(IconListDetails)} data-testid="tab-transactions">
            {t('balance.tabs.transactions')}
          </Tabs.Tab>
          <Tabs.Tab value="deposit" leftSection={icon(IconBuildingBank)} data-testid="tab-deposit">
            {t('balance.tabs.deposit')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="summary">
          <SummaryTab year={params.year} onYearChange={(year) => update({ year: String(year) })} />
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          <StatementTab
            period={{ from: params.from, to: params.to }}
            page={params.page}
            onPeriodChange={({ from, to }) => update({ from, to })}
            onPageChange={(page) => update({ page: page > 1 ? String(page) : null })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="deposit">
          <DepositTab />
        </Tabs.Panel>
      </Tabs>
    </AgentPage>
  );
}
