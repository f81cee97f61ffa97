import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { bookingKeys } from './keys';

// Filter options: statuses, tours and agents (agents empty for juniors)
export function useBookingOptions() {
  return useQuery({
    queryKey: bookingKeys.options(),
    queryFn: ({ signal }) => callRoute(bookingRoutes.options, { signal }),
  });
}
