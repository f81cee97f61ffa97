import { callFirstPage } from '@/lib/api-client';
import { localeQuery, placeKeys } from './keys';
import { useCatalogueQuery } from './catalogue-query';

export function useHomepage() {
  return useCatalogueQuery(placeKeys.homepage, (locale, signal) =>
    callFirstPage('homepage', { query: localeQuery(locale), signal }),
  );
}
