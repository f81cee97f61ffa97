import { Tabs } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { ListPage } from '../components/list-page';
import { CardPaymentsList } from './components/card-payments-list';
import { TransfersList } from './components/transfers-list';

// /admin/money: bank transfers declared by agencies to confirm or reject; card payments and refunds with the
// provider's status, a failed refund retried; each tab a list with its filters in the URL
export function MoneyPage() {
  const { t } = useTranslation();
  const [params, patch] = useSearchParamsPatch();
  const tab = params.get('tab') === 'cards' ? 'cards' : 'transfers';
  return (
    <ListPage testId="money-page" textKeys="boDesk.money">
      <Tabs
        value={tab}
        onChange={(value) =>
          patch({
            tab: value === 'cards' ? 'cards' : undefined,
            view: undefined,
            agency: undefined,
            transfers: undefined,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="transfers">{t('boDesk.money.transfersTab')}</Tabs.Tab>
          <Tabs.Tab value="cards">{t('boDesk.money.cardsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers">
          <TransfersList />
        </Tabs.Panel>
        <Tabs.Panel value="cards">
          <CardPaymentsList />
        </Tabs.Panel>
      </Tabs>
    </ListPage>
  );
}
