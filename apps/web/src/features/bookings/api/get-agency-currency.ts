import { useQuery } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';

// Bookings are priced and charged in the agency's currency (the Russian site's agencies: USD), whatever the UI language
export function useAgencyCurrency(): { currency: CurrencyCode; isLoading: boolean } {
  const locale = useLocale();
  const me = useQuery({
    queryKey: ['bookings', 'me'] as const,
    queryFn: ({ signal }) => callRoute(authRoutes.me, { signal }),
    staleTime: 10 * 60 * 1000,
  });
  return { currency: me.data?.agency?.currency ?? locale.currency, isLoading: me.isLoading };
}
