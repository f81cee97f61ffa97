import { commissionRoutes } from '@portal/contract';
import { useFilteredDownload } from '@/lib/use-filtered-download';

// The commissions with the page's filters as xlsx (every page, with the monthly and grand totals)
export function useDownloadCommissions() {
  return useFilteredDownload(commissionRoutes.download.path, 'commissions');
}
