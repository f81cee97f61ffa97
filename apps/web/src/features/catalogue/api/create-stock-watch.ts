import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockWatch } from '@portal/contract';
import { stockWatchRoutes } from '@portal/contract';
import { callRoute, type RouteBody } from '@/lib/api-client';
import { stockWatchKeys } from './keys';

export function createStockWatch(body: RouteBody<typeof stockWatchRoutes.createStockWatch>) {
  return callRoute(stockWatchRoutes.createStockWatch, { body });
}

// Asking again for the same option, date and time changes the same request on the server: the list is replaced
export function useCreateStockWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: stockWatchKeys.all,
    mutationFn: createStockWatch,
    onSuccess: (watch) =>
      queryClient.setQueryData<StockWatch[]>(stockWatchKeys.forDate(watch.offerId, watch.date), (list = []) => [
        ...list.filter((item) => item.id !== watch.id),
        watch,
      ]),
  });
}
