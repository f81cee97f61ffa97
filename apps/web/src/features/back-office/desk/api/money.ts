import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDeskRoutes, balanceRoutes } from '@portal/contract';
import type { DeskPaymentsQuery, TopUpStatus } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { deskKeys, refreshDesk } from './keys';

// GET /admin/topups: every agency's top-ups; the desk shows the bank transfers
export function useTransfers(status: TopUpStatus | undefined) {
  return useQuery({
    queryKey: deskKeys.transfers(status),
    queryFn: async ({ signal }) => {
      const rows = await callRoute(balanceRoutes.adminTopUps, { query: { status }, signal });
      return rows.filter((row) => row.method === 'bank_transfer');
    },
    placeholderData: keepPreviousData,
  });
}

export type TransferDecision = { kind: 'confirm' } | { kind: 'reject'; reason: string };

// Confirm (credited once: the server locks the top-up and checks its status) or reject with a reason
export function useTransferDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TransferDecision) =>
      decision.kind === 'confirm'
        ? callRoute(balanceRoutes.adminConfirmTopUp, { params: { id } })
        : callRoute(balanceRoutes.adminRejectTopUp, { params: { id }, body: { reason: decision.reason } }),
    onSettled: () => refreshDesk(queryClient),
  });
}

// GET /admin/payments: card payments with their provider status and refunds
export function useDeskPayments(query: DeskPaymentsQuery) {
  return useListQuery(deskKeys.payments(query), adminDeskRoutes.payments, { query });
}

// POST /admin/payments/{id}/refund/retry: the provider is asked again under the same attempt id
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(adminDeskRoutes.retryRefund, { params: { id } }),
    onSettled: () => refreshDesk(queryClient),
  });
}

// POST /admin/payments/{id}/refund/made: a refund that needs checking, found made at the provider
export function useRecordRefundMade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(adminDeskRoutes.recordRefundMade, { params: { id } }),
    onSettled: () => refreshDesk(queryClient),
  });
}
