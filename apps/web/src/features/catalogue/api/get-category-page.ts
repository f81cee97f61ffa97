import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, placeKeys, type CatalogueLocale } from './keys';

export const categoryPageQuery = (category: string, locale: CatalogueLocale) =>
  queryOptions({
    queryKey: placeKeys.category(category, locale),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.categoryPage, { params: { category }, query: localeQuery(locale), signal }),
    placeholderData: keepPreviousData,
  });

export function useCategoryPage(category: string) {
  const { language, currency } = useLocale();
  return useQuery(categoryPageQuery(category, { language, currency }));
}
