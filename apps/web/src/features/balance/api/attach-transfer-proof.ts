import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { uploadToRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

export type AttachProofInput = { topUpId: string; file: File };

// POST /b2b/balance/topups/{id}/proof (admins): the bank's slip for a declared transfer still waiting for the tours
// company (multipart `file`); a newer one replaces it
export function useAttachTransferProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topUpId, file }: AttachProofInput) => uploadToRoute(balanceRoutes.topUpProof, { id: topUpId }, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moneyKeys.topUps() }),
  });
}
