import { IconWallet } from '@tabler/icons-react';
import { MONEY_MESSAGES } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { HeaderBanner } from '@/components/header-banner';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useAgencyCurrency } from '@/lib/me';
import { useAccountBalance } from '../api/get-balance';

// Under the header, for admins (SPEC §6 balances are theirs; root-layout.tsx): anything overdue (new balance bookings
// are refused), else a balance below 40 % / 20 % of what the last top-up left available — with the way to top up
export function MoneyBanner() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { pathname } = useLocation();
  const { currency, isLoading } = useAgencyCurrency();
  const balance = useAccountBalance(isLoading ? null : currency);
  const data = balance.data;
  if (!data || pathname === paths.topUp.path) return null;
  const money = (amount: number) => formatMoney(amount, data.currencyCode, language);
  const isOverdue = data.overdue > 0;
  // the balance page shows what is overdue in its own cards
  if ((!isOverdue && !data.lowBalance) || (isOverdue && pathname === paths.balance.path)) return null;
  return (
    <HeaderBanner
      isUrgent={isOverdue}
      icon={<IconWallet size={20} />}
      testId="money-banner"
      kind={isOverdue ? 'overdue' : 'low'}
      action={{ to: paths.topUp.getHref(), label: t('balance.banner.topUp') }}
    >
      {isOverdue
        ? `${translateMessage(MONEY_MESSAGES.overdue)} ${t('balance.banner.overdue', { amount: money(data.overdue) })}`
        : t('balance.banner.low', {
            available: money(data.available),
            percent: data.lowBalance?.percent ?? 0,
            level: money(data.lowBalance?.topUpLevel ?? 0),
          })}
    </HeaderBanner>
  );
}
