import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys, type StatementPeriod } from './keys';

// GET /b2b/balance/statement: every ledger entry of the period (Dubai dates, both ends included), a page at a time
export function useStatement(period: StatementPeriod) {
  return useQuery({
    queryKey: moneyKeys.statement(period),
    queryFn: ({ signal }) => callRoute(balanceRoutes.statement, { query: period, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
