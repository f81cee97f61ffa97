import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export type PayBookingInput = { id: string; paymentMethod: PaymentMethod; idempotencyKey: string };

// Pay a quoted request, or try another card while the hold lasts
export function usePayBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentMethod, idempotencyKey }: PayBookingInput) =>
      callFirstPage('payBooking', {
        params: { id },
        body: { paymentMethod },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // a refusal (the hold lapsed meanwhile) changes what the booking shows too
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.payments() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
