import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TopUpView, balanceRoutes, buildPath } from '@portal/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { moneyKeys } from './keys';

export type AttachProofInput = { topUpId: string; file: File };

// POST /b2b/balance/topups/{id}/proof (admins): the bank's slip for a declared transfer still waiting for the tours
// company (multipart `file`); a newer one replaces it. The route has no body schema, so the form goes as it is.
export function useAttachTransferProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ topUpId, file }: AttachProofInput) => {
      const body = new FormData();
      body.append('file', file, file.name);
      const route = balanceRoutes.topUpProof;
      const data = await apiRequest(buildPath(route.path, { id: topUpId }), { method: route.method, body, auth: true });
      const parsed = TopUpView.safeParse(data);
      if (!parsed.success) throw new ApiError('Unexpected response from the server', { kind: 'parse' });
      return parsed.data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moneyKeys.topUps() }),
  });
}
