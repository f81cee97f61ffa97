import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { CreateBookingBody, PaymentMethod } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export type CreateBookingInput = { body: CreateBookingBody; paymentMethod: PaymentMethod; idempotencyKey: string };

// Balance (and quotation requests) → POST /b2b/bookings; card → POST /b2b/bookings/withpaymentintent
export function createBooking({ body, paymentMethod, idempotencyKey }: CreateBookingInput) {
  const route = paymentMethod === 'card' ? bookingRoutes.createWithPaymentIntent : bookingRoutes.create;
  return callRoute(route, { body, headers: { 'Idempotency-Key': idempotencyKey } });
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
