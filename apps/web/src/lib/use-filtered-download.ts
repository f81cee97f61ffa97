import { useMutation } from '@tanstack/react-query';
import type { BookingFilters } from '@portal/contract';
import { downloadFromApi } from './download';
import { useLocale } from './locale';

// A list's xlsx under the filters on screen (sent as the POST body), in the language on screen
export function useFilteredDownload(path: string, fileName: () => string) {
  const { language } = useLocale();
  return useMutation({
    mutationFn: (filters: BookingFilters) =>
      downloadFromApi(`${path}?language=${language}`, fileName(), { method: 'POST', body: filters }),
  });
}
