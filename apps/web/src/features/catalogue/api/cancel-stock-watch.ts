import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockWatch } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { stockWatchKeys } from './keys';

// "Stop notifying": the request leaves the list of this option and date
export function useCancelStockWatch(offerId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: stockWatchKeys.all,
    mutationFn: (id: string) => callFirstPage('cancelStockWatch', { params: { id } }),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<StockWatch[]>(stockWatchKeys.forDate(offerId, date), (list = []) =>
        list.filter((item) => item.id !== id),
      ),
  });
}
