import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { stockWatchKeys } from './keys';

// The agent's own open "notify me" requests for an option on a date
export function useStockWatches(offerId: number, date: string) {
  return useQuery({
    queryKey: stockWatchKeys.forDate(offerId, date),
    queryFn: ({ signal }) => callFirstPage('stockWatches', { query: { offerId: String(offerId), date }, signal }),
  });
}
