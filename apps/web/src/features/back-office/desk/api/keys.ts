import type { QueryClient } from '@tanstack/react-query';
import type { AdminBookingsQuery, AdminRequestsQuery, DeskPaymentsQuery, TopUpStatus } from '@portal/contract';

// Query keys of the desk (requests, bookings, money), under the back office's root so its refresh reaches them too
const root = ['back-office', 'desk'] as const;

export const deskKeys = {
  all: root,
  requests: (query: AdminRequestsQuery) => [...root, 'requests', query] as const,
  transfers: (status: TopUpStatus | undefined) => [...root, 'transfers', status ?? 'all'] as const,
  payments: (query: DeskPaymentsQuery) => [...root, 'payments', query] as const,
  bookings: (query: AdminBookingsQuery) => [...root, 'bookings', query] as const,
  booking: (id: string) => [...root, 'booking', id] as const,
  cancellation: (id: string) => [...root, 'cancellation', id] as const,
};

// A decision shows everywhere: the desk's lists, a booking's page, the dashboard's counts, the audit log
export function refreshDesk(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['back-office'] });
}
