import { widgetRoutes } from '@portal/contract';
import type { CurrencyCode, Language } from '@portal/contract';
import { useListQuery } from '@/lib/use-list-query';
import { widgetKeys } from './keys';

// GET /b2b/widgets/offer-prices: the catalogue's tours and options with NET in the widget's currency
export function useOfferPrices(currency: CurrencyCode, language: Language) {
  return useListQuery(widgetKeys.offerPrices(currency, language), widgetRoutes.offerPrices, {
    query: { currency, language },
  });
}
