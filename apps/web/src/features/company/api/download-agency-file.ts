import { useMutation } from '@tanstack/react-query';
import { buildPath, systemRoutes } from '@portal/contract';
import type { AgencyFile } from '@portal/contract';
import { downloadFromApi } from '@/lib/download';

// GET /b2b/files/{id}: one of the agency's documents, saved under the name it was uploaded with
export function useDownloadAgencyFile() {
  return useMutation({
    mutationFn: (file: AgencyFile) =>
      downloadFromApi(buildPath(systemRoutes.downloadFile.path, { id: file.id }), file.originalName),
  });
}
