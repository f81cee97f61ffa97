import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { TourCard } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { tourKeys, type CatalogueLocale } from './keys';

// SPEC §7: /b2b/tours/promo takes `Language` (capital L); the currency goes with it
export const promoToursQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.promo(locale),
    queryFn: async ({ signal }) => ({
      currencyCode: locale.currency,
      tours: await requestUnchecked<TourCard[]>(FIRST_PAGE_PATHS.promoTours, {
        query: { Language: locale.language, currencyCode: locale.currency },
        signal,
        auth: true,
      }),
    }),
    placeholderData: keepPreviousData,
  });

export function usePromoTours() {
  const { language, currency } = useLocale();
  return useQuery(promoToursQuery({ language, currency }));
}
