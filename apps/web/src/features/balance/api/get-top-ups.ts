import { useQuery } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance/topups: the agency's top-ups, newest first
export function useTopUps() {
  return useQuery({
    queryKey: moneyKeys.topUps(),
    queryFn: ({ signal }) => callRoute(balanceRoutes.topUps, { query: {}, signal }),
    staleTime: 10_000,
  });
}
