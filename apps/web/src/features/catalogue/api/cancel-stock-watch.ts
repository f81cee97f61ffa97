import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockWatch } from '@portal/contract';
import { stockWatchRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { stockWatchKeys } from './keys';

// "Stop notifying": the request leaves the list of this option and date
export function useCancelStockWatch(offerId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: stockWatchKeys.all,
    mutationFn: (id: string) => callRoute(stockWatchRoutes.cancelStockWatch, { params: { id } }),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<StockWatch[]>(stockWatchKeys.forDate(offerId, date), (list = []) =>
        list.filter((item) => item.id !== id),
      ),
  });
}
