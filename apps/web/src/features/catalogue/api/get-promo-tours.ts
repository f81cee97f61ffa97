import { tourKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';
import { fetchTourCards } from './tour-cards';

// SPEC §7: /b2b/tours/promo takes `Language` (capital L); the currency goes with it
export function usePromoTours() {
  return useCatalogueQuery(tourKeys.promo, (locale, signal) =>
    fetchTourCards('promoTours', { Language: locale.language, currencyCode: locale.currency }, locale.currency, signal),
  );
}
