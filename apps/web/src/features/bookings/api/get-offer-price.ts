import { useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/contract';
import { offerPriceQuery } from '@/lib/offer-price';

// SPEC §7 offersPrices for the one offer and date of the selection
export function useOfferPrice(offerId: number | null, date: string, currency: CurrencyCode, enabled = true) {
  return useQuery({ ...offerPriceQuery(offerId, date, currency), enabled: enabled && offerId !== null && date !== '' });
}
