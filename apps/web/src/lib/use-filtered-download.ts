import { useMutation } from '@tanstack/react-query';
import type { BookingFilters } from '@portal/contract';
import { downloadFromApi } from './download';
import { xlsxNameOfToday } from './format';
import { useLocale } from './locale';

// A list's xlsx under the filters on screen (sent as the POST body), in the language on screen, saved as
// `<fileStem>-<today in Dubai>.xlsx`
export function useFilteredDownload(path: string, fileStem: string) {
  const { language } = useLocale();
  return useMutation({
    mutationFn: (filters: BookingFilters) =>
      downloadFromApi(`${path}?language=${language}`, xlsxNameOfToday(fileStem), { method: 'POST', body: filters }),
  });
}
