import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { bookingKeys } from './keys';

// What cancelling now refunds and costs (asked fresh each time the dialog opens)
export function useCancellationPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.cancellation(id),
    queryFn: ({ signal }) => callRoute(bookingRoutes.cancellationPreview, { params: { id }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
