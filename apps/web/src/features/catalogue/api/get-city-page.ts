import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, placeKeys, type CatalogueLocale } from './keys';

export const cityPageQuery = (country: string, city: string, locale: CatalogueLocale) =>
  queryOptions({
    queryKey: placeKeys.city(country, city, locale),
    queryFn: ({ signal }) =>
      callRoute(catalogueRoutes.cityPage, { params: { a: country, b: city }, query: localeQuery(locale), signal }),
    placeholderData: keepPreviousData,
  });

export function useCityPage(country: string, city: string) {
  const { language, currency } = useLocale();
  return useQuery(cityPageQuery(country, city, { language, currency }));
}
