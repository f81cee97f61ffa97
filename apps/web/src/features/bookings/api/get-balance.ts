import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { balanceKeys } from './keys';

export function useBalance(enabled = true) {
  const { currency } = useLocale();
  return useQuery({
    queryKey: balanceKeys.current(currency),
    queryFn: ({ signal }) => callRoute(bookingRoutes.balance, { query: { currencyCode: currency }, signal }),
    staleTime: 15_000,
    enabled,
  });
}
