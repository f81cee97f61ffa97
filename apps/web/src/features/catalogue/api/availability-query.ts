import { queryOptions } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { availabilityKeys } from './keys';

const AVAILABILITY_STALE_MS = 30_000;

const BY = {
  tour: { route: 'availabilityByTour', key: availabilityKeys.byTour },
  offer: { route: 'availabilityByOffer', key: availabilityKeys.byOffer },
} as const;

// Stock per date and start time, of every offer of a tour or of one offer, from..to; the signal aborts a call left
// behind when the agent picks another date or month before the answer arrives
export function availabilityQuery(by: keyof typeof BY, id: number, from: string, to: string) {
  const { route, key } = BY[by];
  return queryOptions({
    queryKey: key(id, from, to),
    queryFn: ({ signal }) => callFirstPage(route, { query: { id: String(id), from, to }, signal }),
    staleTime: AVAILABILITY_STALE_MS,
  });
}
