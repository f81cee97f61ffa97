import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import type { CurrencyCode } from '@portal/contract';
import { balanceKeys } from './keys';

export function useBalance(currency: CurrencyCode) {
  return useQuery({
    queryKey: balanceKeys.current(currency),
    queryFn: ({ signal }) => callRoute(bookingRoutes.balance, { query: { currencyCode: currency }, signal }),
    staleTime: 15_000,
  });
}
