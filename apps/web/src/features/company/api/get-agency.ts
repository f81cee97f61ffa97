import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { companyKeys } from './keys';

// GET /b2b/agency: the company's details, documents and licence status (every role of the agency)
export function useAgencyDetails(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: companyKeys.details(),
    queryFn: ({ signal }) => callFirstPage('agency', { signal }),
    staleTime: 5 * 60_000,
    enabled: options.enabled ?? true,
  });
}
