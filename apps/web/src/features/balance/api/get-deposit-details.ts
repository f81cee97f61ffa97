import { useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance/deposit: the site's bank account for transfers and the reference the agency quotes
export function useDepositDetails() {
  return useQuery({
    queryKey: moneyKeys.deposit(),
    queryFn: ({ signal }) => callRoute(balanceRoutes.depositDetails, { signal }),
  });
}
