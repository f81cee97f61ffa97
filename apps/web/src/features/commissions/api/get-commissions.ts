import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commissionRoutes } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { commissionKeys } from './keys';

// SPEC §7 POST /b2b/bookings/commissions: the bookings list's filters, the rows of a page and the totals of them all
export function useCommissions(filters: BookingFilters) {
  const { language } = useLocale();
  return useQuery({
    queryKey: commissionKeys.list(filters, language),
    queryFn: ({ signal }) => callRoute(commissionRoutes.list, { body: filters, query: { language }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
