import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { tourKeys } from './keys';

// The tour page's ticket-type filter (SPEC §2)
export const tourTicketTypesQuery = (tourId: number, language: Language) =>
  queryOptions({
    queryKey: tourKeys.ticketTypes(tourId, language),
    queryFn: ({ signal }) =>
      callFirstPage('ticketsForTour', { params: { id: String(tourId) }, query: { language }, signal }),
    placeholderData: keepPreviousData,
  });

export function useTourTicketTypes(tourId: number | undefined) {
  const { language } = useLocale();
  return useQuery({ ...tourTicketTypesQuery(tourId ?? 0, language), enabled: tourId !== undefined });
}
