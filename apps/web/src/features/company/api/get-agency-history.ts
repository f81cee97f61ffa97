import { agencyRoutes } from '@portal/contract';
import { useListQuery } from '@/lib/use-list-query';
import { companyKeys } from './keys';

// GET /b2b/agency/history (admins): who changed the company's details and documents, newest first
export function useAgencyHistory(page: number, onPage: number) {
  return useListQuery(companyKeys.history(page, onPage), agencyRoutes.history, { query: { page, onPage } });
}
