import { useQuery } from '@tanstack/react-query';
import { availabilityQuery } from './availability-query';

// Stock of every offer of a tour on the date picked
export function useTourAvailability(tourId: number | undefined, date: string | null) {
  return useQuery({
    ...availabilityQuery('tour', tourId ?? 0, date ?? '', date ?? ''),
    enabled: tourId !== undefined && date !== null,
  });
}
