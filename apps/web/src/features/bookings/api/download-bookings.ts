import { useMutation } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { downloadFromApi } from '@/lib/download';
import { useLocale } from '@/lib/locale';

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// SPEC §2 bookings list: xlsx download with the list's filters
export function useDownloadBookings() {
  const { language } = useLocale();
  return useMutation({
    mutationFn: (filters: BookingFilters) =>
      downloadFromApi(`${bookingRoutes.download.path}?language=${language}`, `bookings-${today()}.xlsx`, {
        method: 'POST',
        body: filters,
      }),
  });
}
