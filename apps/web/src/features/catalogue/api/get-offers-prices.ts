import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { priceKeys } from './keys';

// SPEC §3 Price info per offer and date, in the requested currency (converted on the server)
export const offersPricesQuery = (offerIds: readonly number[], from: string, to: string, currency: CurrencyCode) =>
  queryOptions({
    queryKey: priceKeys.offers(offerIds, from, to, currency),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.offersPrices, {
        query: { ids: offerIds.join(','), from, to, currencycode: currency },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useOffersPrices(offerIds: readonly number[], date: string | null) {
  const { currency } = useLocale();
  return useQuery({
    ...offersPricesQuery(offerIds, date ?? '', date ?? '', currency),
    enabled: offerIds.length > 0 && date !== null,
  });
}
