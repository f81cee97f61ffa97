import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { localeQuery, placeKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';

export function useCategoryPage(category: string) {
  return useCatalogueQuery(
    (locale) => placeKeys.category(category, locale),
    (locale, signal) =>
      callRoute(catalogueRoutes.categoryPage, { params: { category }, query: localeQuery(locale), signal }),
  );
}
