import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { bookingKeys } from './keys';
import type { BookingListKind } from './keys';

// SPEC §7 POST /b2b/bookings/filtered and /b2b/bookings/requests: page, onPage plus filters
export function useBookingList(kind: BookingListKind, filters: BookingFilters) {
  const { language } = useLocale();
  return useQuery({
    queryKey: bookingKeys.list(kind, filters, language),
    queryFn: ({ signal }) =>
      callRoute(kind === 'requests' ? bookingRoutes.requests : bookingRoutes.filtered, {
        body: filters,
        query: { language },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
