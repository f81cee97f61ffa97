import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance/summary?year=: one row per month with entries, and the balance the year opened with
export function useBalanceSummary(year: number) {
  return useQuery({
    queryKey: moneyKeys.summary(year),
    queryFn: ({ signal }) => callRoute(balanceRoutes.summary, { query: { year }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
