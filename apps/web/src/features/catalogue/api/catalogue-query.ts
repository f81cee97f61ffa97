import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useLocale } from '@/lib/locale';
import type { CatalogueLocale } from './keys';

// A catalogue read in the language and currency on screen; what is shown stays while another language or currency
// loads
export function useCatalogueQuery<T>(
  keyOf: (locale: CatalogueLocale) => QueryKey,
  read: (locale: CatalogueLocale, signal: AbortSignal) => Promise<T>,
) {
  const { language, currency } = useLocale();
  const locale = { language, currency };
  return useQuery({
    queryKey: keyOf(locale),
    queryFn: ({ signal }) => read(locale, signal),
    placeholderData: keepPreviousData,
  });
}
