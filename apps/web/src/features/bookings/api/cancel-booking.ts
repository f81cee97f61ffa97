import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes, type CancelBookingBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    // `expected`: the refund and its destination the dialog showed; the server refuses (409) if they changed
    mutationFn: ({ id, expected }: { id: string; expected: CancelBookingBody }) =>
      callRoute(bookingRoutes.cancel, { params: { id }, body: expected }),
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
    // the terms changed (paid meanwhile, say) or anything else failed: the dialog, the page behind it and the lists
    // show the booking as it is now
    onError: (_error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.cancellation(id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}
