import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import { useLocale } from '@/lib/locale';
import { tourKeys, type CatalogueLocale } from './keys';
import { fetchTourCards } from './tour-cards';

// SPEC §7: /b2b/tours/promo takes `Language` (capital L); the currency goes with it
export const promoToursQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.promo(locale),
    queryFn: ({ signal }) =>
      fetchTourCards(
        FIRST_PAGE_PATHS.promoTours,
        { Language: locale.language, currencyCode: locale.currency },
        locale.currency,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function usePromoTours() {
  const { language, currency } = useLocale();
  return useQuery(promoToursQuery({ language, currency }));
}
