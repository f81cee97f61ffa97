import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { alternativesKeys, type AlternativesInput } from './keys';

const ALTERNATIVES_STALE_MS = 30_000;

// When the choice is sold out or short of seats: other times, the nearest dates and the tour's other options
export function useAlternatives(input: AlternativesInput) {
  return useQuery({
    queryKey: alternativesKeys.one(input),
    queryFn: ({ signal }) =>
      callFirstPage('alternatives', {
        query: {
          tourId: String(input.tourId),
          offerId: String(input.offerId),
          date: input.date,
          time: input.time ?? undefined,
          adults: String(input.people.adults),
          children: String(input.people.children),
          infants: String(input.people.infants),
        },
        signal,
      }),
    staleTime: ALTERNATIVES_STALE_MS,
  });
}
