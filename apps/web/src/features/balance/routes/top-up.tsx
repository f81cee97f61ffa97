import { RequiresCapability } from '@/components/requires-capability';
import { TopUpPage } from '../components/top-up-page';

// /top-up (?method=bank_transfer; ?topUp=<id>&payment=<id> on the return from the card provider)
export function TopUpRoute() {
  return (
    <RequiresCapability capability="viewBalances" testId="money-forbidden">
      <TopUpPage />
    </RequiresCapability>
  );
}
