import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyDetails, agencyRoutes, buildPath } from '@portal/contract';
import type { AgencyFileKind } from '@portal/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { companyKeys } from './keys';

export type UploadAgencyFileInput = { kind: AgencyFileKind; file: File };

// POST /b2b/agency/files/{kind} (admins): one document at a time (multipart `file`), the one it replaces stays in its
// history. The route has no body schema (the server reads the multipart stream), so the form goes as it is.
export function useUploadAgencyFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: UploadAgencyFileInput) => {
      const body = new FormData();
      body.append('file', file, file.name);
      const route = agencyRoutes.uploadFile;
      const data = await apiRequest(buildPath(route.path, { kind }), { method: route.method, body, auth: true });
      const parsed = AgencyDetails.safeParse(data);
      if (!parsed.success) throw new ApiError('Unexpected response from the server', { kind: 'parse' });
      return parsed.data;
    },
    onSuccess: (details) => {
      queryClient.setQueryData(companyKeys.details(), details);
      void queryClient.invalidateQueries({ queryKey: companyKeys.histories() });
    },
  });
}
