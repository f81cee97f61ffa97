import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { availabilityKeys } from './keys';

const AVAILABILITY_STALE_MS = 30_000;

// Stock of every offer of a tour per date and start time. The signal aborts the call when the agent picks another
// date before the answer arrives.
export const tourAvailabilityQuery = (tourId: number, from: string, to: string) =>
  queryOptions({
    queryKey: availabilityKeys.byTour(tourId, from, to),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.availabilityByTour, { query: { id: String(tourId), from, to }, signal }),
    staleTime: AVAILABILITY_STALE_MS,
  });

export function useTourAvailability(tourId: number | undefined, date: string | null) {
  return useQuery({
    ...tourAvailabilityQuery(tourId ?? 0, date ?? '', date ?? ''),
    enabled: tourId !== undefined && date !== null,
  });
}
