import { Container, Stack, Title } from '@mantine/core';
import { FIRST_PHOTO_SIZES, imageSrcSet, imageUrl, isCheckoutConfirmation } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isFirstAddress, pagePreviewFor, type TourPreview } from '@/lib/page-preview';
import { useAuth } from '@/lib/session';
import { HomeHeroPreview } from './home-hero';
import { PageSpinner } from './page-spinner';

// The tour's first photo as the server painted it in the first HTML (same address, sizes and box: the browser has it
// already), shown while the tour page loads for the first time. Styled in app/global.css (.page-preview).
export function TourPhotoPreview({ preview }: { preview: TourPreview }) {
  const { key, width, height } = preview.image;
  return (
    <div className="page-preview" data-preview="tour" role="status" aria-busy="true">
      <img
        src={imageUrl(key, 640)}
        srcSet={imageSrcSet(key)}
        sizes={FIRST_PHOTO_SIZES}
        width={width}
        height={height}
        alt=""
        fetchPriority="high"
        decoding="async"
      />
    </div>
  );
}

// While the first page's code loads: the tour's photo or the visitor's home hero the server painted, or the checkout's
// frame (its heading, where the page puts it), instead of the full-screen spinner that covers them. Later page changes
// show the spinner (SPEC §2).
export function FirstPageFallback() {
  const { t } = useTranslation();
  const location = useLocation();
  const auth = useAuth();
  const preview = pagePreviewFor(location);
  if (preview) return <TourPhotoPreview preview={preview} />;
  if (location.pathname === paths.home.path && auth.status === 'unauthenticated' && isFirstAddress(location))
    return <HomeHeroPreview />;
  const isCheckoutForm =
    location.pathname === paths.checkout.path && !isCheckoutConfirmation(new URLSearchParams(location.search));
  if (isCheckoutForm && isFirstAddress(location))
    return (
      <Container size="xl" py={{ base: 'lg', md: 'xl' }} role="status" aria-busy="true">
        <Stack gap="lg">
          <Title order={1}>{t('checkout.title')}</Title>
        </Stack>
      </Container>
    );
  return <PageSpinner />;
}
