import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { checkoutKeys } from './keys';

// SPEC §7 /hotels/listbase?countryId=: the pick-up hotels of the tour's country
export function useHotels(countryId: number | null) {
  return useQuery({
    queryKey: checkoutKeys.hotels(countryId ?? 0),
    queryFn: ({ signal }) => callRoute(bookingRoutes.hotels, { query: { countryId: String(countryId) }, signal }),
    staleTime: 30 * 60 * 1000,
    enabled: countryId !== null,
  });
}
