import type { QueryClient } from '@tanstack/react-query';
import type { AdminAgenciesQuery, AdminAuditQuery } from '@portal/contract';

const root = ['back-office'] as const;

// Query keys of the back office's agencies, dashboard and audit log
export const backOfficeKeys = {
  all: root,
  dashboard: () => [...root, 'dashboard'] as const,
  agencies: (query: AdminAgenciesQuery) => [...root, 'agencies', query] as const,
  agency: (id: string) => [...root, 'agency', id] as const,
  statement: (id: string, from: string, to: string, page: number) =>
    [...root, 'statement', id, from, to, page] as const,
  audit: (query: AdminAuditQuery) => [...root, 'audit', query] as const,
};

// A decision about an agency shows everywhere: its page, the list, the dashboard's counts, the audit log
export function refreshBackOffice(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: root });
}

// Every change an operator makes writes an audit entry: the history beside the object is read again
export function refreshAuditLog(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [...root, 'audit'] });
}
