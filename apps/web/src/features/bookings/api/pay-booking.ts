import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { PaymentMethod } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export type PayBookingInput = { id: string; paymentMethod: PaymentMethod; idempotencyKey: string };

// Pay a quoted request, or try another card while the hold lasts
export function usePayBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentMethod, idempotencyKey }: PayBookingInput) =>
      callRoute(bookingRoutes.pay, {
        params: { id },
        body: { paymentMethod },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: ({ booking }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
