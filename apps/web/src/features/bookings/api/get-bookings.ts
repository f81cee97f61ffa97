import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { bookingKeys } from './keys';
import type { BookingListKind } from './keys';

// SPEC §7 POST /b2b/bookings/filtered and /b2b/bookings/requests: page, onPage plus filters
export function useBookingList(kind: BookingListKind, filters: BookingFilters) {
  return useQuery({
    queryKey: bookingKeys.list(kind, filters),
    queryFn: ({ signal }) => callRoute(kind === 'requests' ? bookingRoutes.requests : bookingRoutes.filtered, { body: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
