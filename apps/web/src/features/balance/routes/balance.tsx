import { AdminOnly } from '../components/admin-only';
import { BalancePage } from '../components/balance-page';

// /balance (?tab=transactions | deposit): the agency admin's balance, summary, statement and bank details
export function BalanceRoute() {
  return (
    <AdminOnly>
      <BalancePage />
    </AdminOnly>
  );
}
