import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agencyRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { companyKeys } from './keys';

// GET /b2b/agency/history (admins): who changed the company's details and documents, newest first
export function useAgencyHistory(page: number, onPage: number) {
  return useQuery({
    queryKey: companyKeys.history(page, onPage),
    queryFn: ({ signal }) => callRoute(agencyRoutes.history, { query: { page, onPage }, signal }),
    placeholderData: keepPreviousData,
  });
}
