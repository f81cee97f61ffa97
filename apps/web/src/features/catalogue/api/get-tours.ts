import { useMemo } from 'react';
import type { CurrencyCode, FromPrice } from '@portal/contract';
import { localeQuery, tourKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';
import { fetchTourCards } from './tour-cards';

// Every tour as a card with the agent's net and the recommended from-prices
export function useTours() {
  return useCatalogueQuery(tourKeys.list, (locale, signal) =>
    fetchTourCards('tours', localeQuery(locale), locale.currency, signal),
  );
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
