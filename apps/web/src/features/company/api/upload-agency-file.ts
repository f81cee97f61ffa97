import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyRoutes } from '@portal/contract';
import type { AgencyFileKind } from '@portal/contract';
import { uploadToRoute } from '@/lib/api-client';
import { companyKeys } from './keys';

export type UploadAgencyFileInput = { kind: AgencyFileKind; file: File };

// POST /b2b/agency/files/{kind} (admins): one document at a time (multipart `file`), the one it replaces stays in its
// history. The route has no body schema (the server reads the multipart stream), so the form goes as it is.
export function useUploadAgencyFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: UploadAgencyFileInput) => uploadToRoute(agencyRoutes.uploadFile, { kind }, file),
    onSuccess: (details) => {
      queryClient.setQueryData(companyKeys.details(), details);
      void queryClient.invalidateQueries({ queryKey: companyKeys.histories() });
    },
  });
}
