import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { CurrencyCode, FromPrice, TourCard } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, tourKeys, type CatalogueLocale } from './keys';

// Every tour as a card with the agent's net and the recommended from-prices
export const toursQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.list(locale),
    // the cards carry no currency of their own: keep the one they were asked in with them
    queryFn: async ({ signal }) => ({
      currencyCode: locale.currency,
      tours: await requestUnchecked<TourCard[]>(FIRST_PAGE_PATHS.tours, {
        query: localeQuery(locale),
        signal,
        auth: true,
      }),
    }),
    placeholderData: keepPreviousData,
  });

export function useTours() {
  const { language, currency } = useLocale();
  return useQuery(toursQuery({ language, currency }));
}

// The public pages (home, country, city, category) carry recommended prices only: the agent's net prices come from
// /b2b/tours, by tour id.
export type AgentFromPrices = { currencyCode: CurrencyCode; byTourId: ReadonlyMap<number, FromPrice> };

export function useAgentFromPrices(): AgentFromPrices | null {
  const { data } = useTours();
  return useMemo(() => {
    if (!data) return null;
    const byTourId = new Map(
      data.tours.flatMap((tour) => (tour.fromPrice ? [[tour.id, tour.fromPrice] as const] : [])),
    );
    return { currencyCode: data.currencyCode, byTourId };
  }, [data]);
}
