import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { tourKeys, type CatalogueLocale } from './keys';

// SPEC §7: /b2b/tours/promo takes `Language` (capital L); the currency goes with it
export const promoToursQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.promo(locale),
    queryFn: async ({ signal }) => ({
      currencyCode: locale.currency,
      tours: await callRoute(catalogueRoutes.promoTours, { query: { Language: locale.language, currencyCode: locale.currency }, signal }),
    }),
    placeholderData: keepPreviousData,
  });

export function usePromoTours() {
  const { language, currency } = useLocale();
  return useQuery(promoToursQuery({ language, currency }));
}
