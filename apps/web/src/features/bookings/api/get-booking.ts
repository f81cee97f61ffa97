import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { bookingKeys } from './keys';

type PollOptions = { poll?: (booking: BookingView | undefined) => number | false; enabled?: boolean };

export function useBooking(id: string, { poll, enabled = true }: PollOptions = {}) {
  const { language } = useLocale();
  return useQuery({
    queryKey: bookingKeys.detail(id, language),
    queryFn: ({ signal }) => callFirstPage('bookingDetail', { params: { id }, query: { language }, signal }),
    enabled: enabled && id !== '',
    staleTime: 0,
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });
}

export function useRequest(id: string) {
  const { language } = useLocale();
  return useQuery({
    queryKey: bookingKeys.request(id, language),
    queryFn: ({ signal }) => callFirstPage('requestDetail', { params: { id }, query: { language }, signal }),
    enabled: id !== '',
    staleTime: 0,
  });
}
