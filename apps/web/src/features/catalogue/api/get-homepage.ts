import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { HomepageResponse } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, placeKeys, type CatalogueLocale } from './keys';

export const homepageQuery = (locale: CatalogueLocale) =>
  queryOptions({
    queryKey: placeKeys.homepage(locale),
    queryFn: ({ signal }) =>
      requestUnchecked<HomepageResponse>(FIRST_PAGE_PATHS.homepage, {
        query: localeQuery(locale),
        signal,
        auth: false,
      }),
    placeholderData: keepPreviousData,
  });

export function useHomepage() {
  const { language, currency } = useLocale();
  return useQuery(homepageQuery({ language, currency }));
}
