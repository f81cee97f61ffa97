import { bookingRoutes } from '@portal/contract';
import { useFilteredDownload } from '@/lib/use-filtered-download';

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// SPEC §2 bookings list: xlsx download with the list's filters
export function useDownloadBookings() {
  return useFilteredDownload(bookingRoutes.download.path, () => `bookings-${today()}.xlsx`);
}
