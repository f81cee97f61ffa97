import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { balanceKeys, bookingKeys } from './keys';

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(bookingRoutes.cancel, { params: { id } }),
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
