import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { availabilityKeys } from './keys';

const AVAILABILITY_STALE_MS = 30_000;

// One offer's stock over the month shown in the calendar; paging through months quickly aborts the calls left behind
export const offerAvailabilityQuery = (offerId: number, from: string, to: string) =>
  queryOptions({
    queryKey: availabilityKeys.byOffer(offerId, from, to),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.availabilityByOffer, { query: { id: String(offerId), from, to }, signal }),
    staleTime: AVAILABILITY_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useOfferAvailability(offerId: number | null, range: { from: string; to: string } | null) {
  return useQuery({
    ...offerAvailabilityQuery(offerId ?? 0, range?.from ?? '', range?.to ?? ''),
    enabled: offerId !== null && range !== null,
  });
}
