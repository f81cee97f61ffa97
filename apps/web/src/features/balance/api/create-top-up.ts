import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import type { TopUpBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { moneyKeys } from './keys';

export type CreateTopUpInput = { body: TopUpBody; idempotencyKey: string };

// POST /b2b/balance/topup: a card payment at the provider (credited once it is paid) or a declared bank transfer
// (credited once the tours company confirms it). Never credits anything by itself.
export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateTopUpInput) =>
      callRoute(balanceRoutes.topUp, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moneyKeys.topUps() }),
  });
}
