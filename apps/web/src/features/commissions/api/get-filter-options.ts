import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { commissionKeys } from './keys';

// The tours and agents to filter by, as the bookings list offers them (agents empty for juniors)
export function useFilterOptions() {
  const { language } = useLocale();
  return useQuery({
    queryKey: commissionKeys.options(language),
    queryFn: ({ signal }) => callRoute(bookingRoutes.options, { query: { language }, signal }),
  });
}
