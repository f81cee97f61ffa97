import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { checkoutKeys } from './keys';

// Stock, cut-off and instant confirmation of the offer on the selected date (SPEC §5)
export function useOfferSlots(offerId: number | null, date: string) {
  return useQuery({
    queryKey: checkoutKeys.slots(offerId ?? 0, date),
    queryFn: ({ signal }) =>
      callFirstPage('availabilityByOffer', { query: { id: String(offerId), from: date, to: date }, signal }),
    staleTime: 30_000,
    enabled: offerId !== null && date !== '',
  });
}
