import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { localeQuery, placeKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';

export function useCountryPage(url: string) {
  return useCatalogueQuery(
    (locale) => placeKeys.country(url, locale),
    (locale, signal) => callRoute(catalogueRoutes.countryPage, { params: { url }, query: localeQuery(locale), signal }),
  );
}
