import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, placeKeys, type CatalogueLocale } from './keys';

export const countryPageQuery = (url: string, locale: CatalogueLocale) =>
  queryOptions({
    queryKey: placeKeys.country(url, locale),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.countryPage, { params: { url }, query: localeQuery(locale), signal }),
    placeholderData: keepPreviousData,
  });

export function useCountryPage(url: string) {
  const { language, currency } = useLocale();
  return useQuery(countryPageQuery(url, { language, currency }));
}
