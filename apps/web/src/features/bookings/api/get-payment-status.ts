import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { bookingKeys } from './keys';

// A card payment and its booking; the server asks the provider while the payment is still open
export function usePaymentStatus(paymentId: string, poll: (booking: BookingView | undefined) => number | false) {
  return useQuery({
    queryKey: bookingKeys.payment(paymentId),
    queryFn: async ({ signal }) =>
      (await callFirstPage('paymentStatus', { params: { id: paymentId }, signal })).booking,
    enabled: paymentId !== '',
    staleTime: 0,
    refetchInterval: (query) => poll(query.state.data),
  });
}
