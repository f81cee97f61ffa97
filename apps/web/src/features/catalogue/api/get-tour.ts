import { queryOptions, useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { localeQuery, tourKeys, type CatalogueLocale } from './keys';

export const tourQuery = (id: string, locale: CatalogueLocale) =>
  queryOptions({
    queryKey: tourKeys.detail(id, locale),
    queryFn: ({ signal }) => callFirstPage('tour', { params: { id }, query: localeQuery(locale), signal }),
    // a language switch keeps the page on screen while the translated tour loads
    placeholderData: (previous) =>
      previous && (String(previous.id) === id || previous.url === id) ? previous : undefined,
    enabled: id !== '',
  });

export function useTour(id: string) {
  const { language, currency } = useLocale();
  return useQuery(tourQuery(id, { language, currency }));
}
