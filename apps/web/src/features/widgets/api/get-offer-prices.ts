import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import type { CurrencyCode, Language } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { widgetKeys } from './keys';

// GET /b2b/widgets/offer-prices: the catalogue's tours and options with NET in the widget's currency
export function useOfferPrices(currency: CurrencyCode, language: Language) {
  return useQuery({
    queryKey: widgetKeys.offerPrices(currency, language),
    queryFn: ({ signal }) => callRoute(widgetRoutes.offerPrices, { query: { currency, language }, signal }),
    placeholderData: keepPreviousData,
  });
}
