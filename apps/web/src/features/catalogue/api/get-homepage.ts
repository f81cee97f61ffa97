import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { HomepageResponse } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';
import { localeQuery, placeKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';

export function useHomepage() {
  return useCatalogueQuery(placeKeys.homepage, (locale, signal) =>
    requestUnchecked<HomepageResponse>(FIRST_PAGE_PATHS.homepage, {
      query: localeQuery(locale),
      signal,
      auth: false,
    }),
  );
}
