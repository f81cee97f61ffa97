import { Navigate, useLocation, useSearchParams } from 'react-router';
import { TourFramePreview } from '@/components/page-preview';
import { pagePreviewFor } from '@/lib/page-preview';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTour } from '../api/get-tour';
import { TourPage } from '../components/tour-page';

// SPEC §2 /tour?id=… (a numeric id or the tour's url)
export function TourRoute() {
  const [searchParams] = useSearchParams();
  const preview = pagePreviewFor(useLocation());
  const id = searchParams.get('id')?.trim() ?? '';
  const { data: tour } = useTour(id);
  useDocumentPageTitle(tour?.title);

  if (!id) return <Navigate to={paths.home.getHref()} replace />;
  if (!tour) return preview ? <TourFramePreview preview={preview} /> : <SectionSpinner />;
  return <TourPage tour={tour} />;
}
