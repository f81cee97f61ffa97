import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingBody, PaymentMethod } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export type CreateBookingInput = { body: CreateBookingBody; paymentMethod: PaymentMethod; idempotencyKey: string };

// Balance (and quotation requests) → POST /b2b/bookings; card → POST /b2b/bookings/withpaymentintent
export function createBooking({ body, paymentMethod, idempotencyKey }: CreateBookingInput) {
  const input = { body, headers: { 'Idempotency-Key': idempotencyKey } };
  return paymentMethod === 'card'
    ? callFirstPage('createBookingWithCard', input)
    : callFirstPage('createBooking', input);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: ({ booking }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
