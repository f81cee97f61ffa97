import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { CurrencyCode, FromPrice } from '@portal/contract';
import { useLocale } from '@/lib/locale';
import { localeQuery, tourKeys, type CatalogueLocale } from './keys';
import { fetchTourCards } from './tour-cards';

// Every tour as a card with the agent's net and the recommended from-prices
export const toursQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.list(locale),
    queryFn: ({ signal }) => fetchTourCards(FIRST_PAGE_PATHS.tours, localeQuery(locale), locale.currency, signal),
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
