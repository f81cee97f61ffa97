import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { useAgencyCurrency } from '@/lib/me';
import { offerPriceQuery } from '@/lib/offer-price';
import { priceKeys } from './keys';

// SPEC §3 Price info per offer and date, in the requested currency (converted on the server)
export const offersPricesQuery = (offerIds: readonly number[], from: string, to: string, currency: CurrencyCode) =>
  queryOptions({
    queryKey: priceKeys.offers(offerIds, from, to, currency),
    queryFn: ({ signal }) =>
      callFirstPage('offersPrices', {
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

// The selected offer's price in the agency's account currency, asked only when the page shows another currency
// (issue 9: a price seen in $ on the tour page was charged in AED at checkout, silently)
export function useChargedPrice(offerId: number | null, date: string | null) {
  const { currency } = useLocale();
  const account = useAgencyCurrency();
  const differs = !account.isLoading && account.currency !== currency;
  const query = useQuery({
    ...offerPriceQuery(offerId, date ?? '', account.currency),
    enabled: differs && offerId !== null && date !== null,
  });
  return differs ? (query.data ?? undefined) : undefined;
}
