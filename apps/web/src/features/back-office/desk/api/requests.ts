import { bookingRoutes } from '@portal/contract';
import type { AdminRequestsQuery } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { deskKeys, refreshDesk } from './keys';

// GET /admin/requests: every agency's quotation requests, open ones first
export function useAdminRequests(query: AdminRequestsQuery) {
  return useListQuery(deskKeys.requests(query), bookingRoutes.adminRequests, { query });
}

export type QuoteInput = { netTotal: number; validHours: number; note: string };

// POST /admin/requests/{id}/quote → Payment Required; the agent is e-mailed the quote
export function useQuoteRequest(id: string) {
  return useRefreshingMutation(refreshDesk, (body: QuoteInput) =>
    callRoute(bookingRoutes.adminQuote, { params: { id }, body }),
  );
}

// POST /admin/requests/{id}/decline with the reason the agent reads
export function useDeclineRequest(id: string) {
  return useRefreshingMutation(refreshDesk, (reason: string) =>
    callRoute(bookingRoutes.adminDecline, { params: { id }, body: { reason } }),
  );
}
