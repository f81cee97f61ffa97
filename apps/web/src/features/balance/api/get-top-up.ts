import { useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import type { TopUpView } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance/topups/{id}: one top-up; the server asks the provider first while its card payment is open
export function useTopUp(id: string, poll: (topUp: TopUpView | undefined) => number | false) {
  return useQuery({
    queryKey: moneyKeys.topUp(id),
    queryFn: ({ signal }) => callRoute(balanceRoutes.topUpDetail, { params: { id }, signal }),
    enabled: id !== '',
    staleTime: 0,
    refetchInterval: (query) => poll(query.state.data),
  });
}
