import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { checkoutKeys } from './keys';

// SPEC §7 /pickuptimes/value: pickUpTimeId is the offer id
export function usePickUpTime(offerId: number, hotelId: number | null, time: string | null) {
  return useQuery({
    queryKey: checkoutKeys.pickUpTime(offerId, hotelId ?? 0, time),
    queryFn: ({ signal }) =>
      callRoute(bookingRoutes.pickUpTime, {
        query: { pickUpTimeId: String(offerId), hotelId: String(hotelId), ...(time ? { startTime: time } : {}) },
        signal,
      }),
    enabled: hotelId !== null,
  });
}
