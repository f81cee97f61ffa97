import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@portal/contract';
import type { AdminAgenciesQuery, AgencyAdjustmentBody, AgencySettingsBody } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { backOfficeKeys, refreshBackOffice } from './keys';

// GET /admin/agencies: every agency, newest first, by status and search
export function useAdminAgencies(query: AdminAgenciesQuery) {
  return useListQuery(backOfficeKeys.agencies(query), adminRoutes.listAgencies, { query });
}

// GET /admin/agencies/{id}: details, documents, account, flags, agents
export function useAdminAgency(id: string) {
  return useQuery({
    queryKey: backOfficeKeys.agency(id),
    queryFn: ({ signal }) => callRoute(adminRoutes.agency, { params: { id }, signal }),
  });
}

export function useAgencyStatement(id: string, period: { from: string; to: string }, page: number) {
  return useQuery({
    queryKey: backOfficeKeys.statement(id, period.from, period.to, page),
    queryFn: ({ signal }) =>
      callRoute(adminRoutes.agencyStatement, {
        params: { id },
        query: { ...period, page, onPage: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type AgencyDecision =
  | { kind: 'approve' }
  | { kind: 'reinstate' }
  | { kind: 'reject'; reason: string }
  | { kind: 'suspend'; reason: string };

// Approve, reject, suspend or reinstate: each answers ok, and everything about agencies is read again
export function useAgencyDecision(id: string) {
  return useRefreshingMutation(refreshBackOffice, (decision: AgencyDecision) => {
    switch (decision.kind) {
      case 'approve':
        return callRoute(adminRoutes.approveAgency, { params: { id } });
      case 'reinstate':
        return callRoute(adminRoutes.reinstateAgency, { params: { id } });
      case 'reject':
        return callRoute(adminRoutes.rejectAgency, { params: { id }, body: { reason: decision.reason } });
      case 'suspend':
        return callRoute(adminRoutes.suspendAgency, { params: { id }, body: { reason: decision.reason } });
    }
  });
}

export function useAgencySettings(id: string) {
  return useRefreshingMutation(refreshBackOffice, (body: AgencySettingsBody) =>
    callRoute(adminRoutes.agencySettings, { params: { id }, body }),
  );
}

// The key comes from the form (one per attempt), so a double click or a retry posts the adjustment once
export function useAgencyAdjustment(id: string) {
  return useRefreshingMutation(refreshBackOffice, ({ body, key }: { body: AgencyAdjustmentBody; key: string }) =>
    callRoute(adminRoutes.adjustBalance, { params: { id }, body, headers: { 'Idempotency-Key': key } }),
  );
}
