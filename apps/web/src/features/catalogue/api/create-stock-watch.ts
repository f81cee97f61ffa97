import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirstPageRoutes, StockWatch } from '@portal/contract';
import { callFirstPage, type RouteBody } from '@/lib/api-client';
import { stockWatchKeys } from './keys';

export function createStockWatch(body: RouteBody<FirstPageRoutes['createStockWatch']>) {
  return callFirstPage('createStockWatch', { body });
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
