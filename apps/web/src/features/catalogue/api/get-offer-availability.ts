import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { availabilityQuery } from './availability-query';

// One offer's stock over the month shown in the calendar, the month shown staying while the next one loads
export function useOfferAvailability(offerId: number | null, range: { from: string; to: string } | null) {
  return useQuery({
    ...availabilityQuery('offer', offerId ?? 0, range?.from ?? '', range?.to ?? ''),
    placeholderData: keepPreviousData,
    enabled: offerId !== null && range !== null,
  });
}
