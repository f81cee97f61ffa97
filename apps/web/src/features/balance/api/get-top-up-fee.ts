import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import { callRoute, markFieldShown } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance/topupfee: the card fee, the total to pay and the site's limits for an amount. A new amount is a new
// key, and TanStack Query aborts the call for the previous one through its signal. A 422 is said under the amount
// field (marked before the client's toast looks at it).
export function useTopUpFee(amount: number | null, currency: CurrencyCode | null) {
  return useQuery({
    enabled: amount !== null && currency !== null,
    queryKey: moneyKeys.fee(amount ?? 0, currency ?? 'aed'),
    queryFn: async ({ signal }) => {
      try {
        return await callRoute(balanceRoutes.topUpFee, {
          query: { amount: amount ?? 0, type: 'card', currency: currency ?? 'aed' },
          signal,
        });
      } catch (error) {
        markFieldShown(error, 'amount');
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
