import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyRoutes } from '@portal/contract';
import type { AgencyDetailsBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { companyKeys } from './keys';

// PUT /b2b/agency (admins): the whole form; the answer is the saved details
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyDetailsBody) => callRoute(agencyRoutes.update, { body }),
    onSuccess: (details) => {
      queryClient.setQueryData(companyKeys.details(), details);
      void queryClient.invalidateQueries({ queryKey: companyKeys.histories() });
    },
  });
}
