import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDeskRoutes } from '@portal/contract';
import type { AdminBookingsQuery, AdminCancelBody, Language } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { deskKeys, refreshDesk } from './keys';

// GET /admin/bookings: every agency's bookings by search and filters, a page at a time
export function useAdminBookings(query: AdminBookingsQuery) {
  return useListQuery(deskKeys.bookings(query), adminDeskRoutes.bookings, { query });
}

// GET /admin/bookings/{id}: the booking, its agency, payments and refunds, and the operator's changes to it
export function useAdminBooking(id: string, language: Language) {
  return useQuery({
    queryKey: [...deskKeys.booking(id), language],
    queryFn: ({ signal }) => callRoute(adminDeskRoutes.booking, { params: { id }, query: { language }, signal }),
  });
}

// GET /admin/bookings/{id}/cancellation: the fee and refund the agency's own cancellation would give now
export function useCancellationPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deskKeys.cancellation(id),
    queryFn: ({ signal }) => callRoute(adminDeskRoutes.cancellationPreview, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

// POST /admin/bookings/{id}/cancel: on the agency's behalf, optionally with another fee and its reason
export function useCancelOnBehalf(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCancelBody) => callRoute(adminDeskRoutes.cancel, { params: { id }, body }),
    onSettled: () => refreshDesk(queryClient),
  });
}
