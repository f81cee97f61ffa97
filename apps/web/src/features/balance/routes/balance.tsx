import { RequiresCapability } from '@/components/requires-capability';
import { BalancePage } from '../components/balance-page';

// /balance (?tab=transactions | deposit): the agency admin's balance, summary, statement and bank details
export function BalanceRoute() {
  return (
    <RequiresCapability capability="viewBalances" testId="money-forbidden">
      <BalancePage />
    </RequiresCapability>
  );
}
