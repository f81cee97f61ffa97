import { bookingRoutes } from '@portal/contract';
import { useFilteredDownload } from '@/lib/use-filtered-download';

// SPEC §2 bookings list: xlsx download with the list's filters
export function useDownloadBookings() {
  return useFilteredDownload(bookingRoutes.download.path, 'bookings');
}
