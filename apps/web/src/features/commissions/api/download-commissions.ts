import { useMutation } from '@tanstack/react-query';
import { commissionRoutes } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { downloadFromApi } from '@/lib/download';
import { todayInDubai } from '@/lib/format';
import { useLocale } from '@/lib/locale';

// The commissions with the page's filters as xlsx (every page, with the monthly and grand totals)
export function useDownloadCommissions() {
  const { language } = useLocale();
  return useMutation({
    mutationFn: (filters: BookingFilters) =>
      downloadFromApi(`${commissionRoutes.download.path}?language=${language}`, `commissions-${todayInDubai()}.xlsx`, {
        method: 'POST',
        body: filters,
      }),
  });
}
