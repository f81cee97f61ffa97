import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { bookingKeys } from './keys';

type PollOptions = { poll?: (booking: BookingView | undefined) => number | false; enabled?: boolean };

export function useBooking(id: string, { poll, enabled = true }: PollOptions = {}) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => callRoute(bookingRoutes.detail, { params: { id }, signal }),
    enabled: enabled && id !== '',
    staleTime: 0,
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });
}

export function useRequest(id: string) {
  return useQuery({
    queryKey: bookingKeys.request(id),
    queryFn: ({ signal }) => callRoute(bookingRoutes.requestDetail, { params: { id }, signal }),
    enabled: id !== '',
    staleTime: 0,
  });
}
