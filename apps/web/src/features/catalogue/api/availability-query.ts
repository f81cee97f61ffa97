import { queryOptions } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { availabilityKeys } from './keys';

const AVAILABILITY_STALE_MS = 30_000;

const BY = {
  tour: { route: catalogueRoutes.availabilityByTour, key: availabilityKeys.byTour },
  offer: { route: catalogueRoutes.availabilityByOffer, key: availabilityKeys.byOffer },
} as const;

// Stock per date and start time, of every offer of a tour or of one offer, from..to; the signal aborts a call left
// behind when the agent picks another date or month before the answer arrives
export function availabilityQuery(by: keyof typeof BY, id: number, from: string, to: string) {
  const { route, key } = BY[by];
  return queryOptions({
    queryKey: key(id, from, to),
    queryFn: ({ signal }) => callRoute(route, { query: { id: String(id), from, to }, signal }),
    staleTime: AVAILABILITY_STALE_MS,
  });
}
