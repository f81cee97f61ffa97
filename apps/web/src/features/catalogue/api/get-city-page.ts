import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { localeQuery, placeKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';

export function useCityPage(country: string, city: string) {
  return useCatalogueQuery(
    (locale) => placeKeys.city(country, city, locale),
    (locale, signal) =>
      callRoute(catalogueRoutes.cityPage, { params: { a: country, b: city }, query: localeQuery(locale), signal }),
  );
}
