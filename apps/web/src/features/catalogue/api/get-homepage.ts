import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, placeKeys, type CatalogueLocale } from './keys';

export const homepageQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: placeKeys.homepage(locale),
    queryFn: ({ signal }) => callRoute(catalogueRoutes.homepage, { query: localeQuery(locale), signal }),
    placeholderData: keepPreviousData,
  });

export function useHomepage() {
  const { language, currency } = useLocale();
  return useQuery(homepageQuery({ language, currency }));
}
