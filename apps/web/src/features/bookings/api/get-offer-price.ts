import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import type { CurrencyCode } from '@portal/contract';
import { checkoutKeys } from './keys';

// SPEC §7 offersPrices for the one offer and date of the selection
export function useOfferPrice(offerId: number | null, date: string, currency: CurrencyCode, enabled = true) {
  return useQuery({
    queryKey: checkoutKeys.price(offerId ?? 0, date, currency),
    queryFn: async ({ signal }) => {
      const rows = await callRoute(catalogueRoutes.offersPrices, {
        query: { ids: String(offerId), from: date, to: date, currencycode: currency },
        signal,
      });
      return rows.find((row) => row.offerId === offerId && row.date === date) ?? null;
    },
    placeholderData: keepPreviousData,
    enabled: enabled && offerId !== null && date !== '',
  });
}
