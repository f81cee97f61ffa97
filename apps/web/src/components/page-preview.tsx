import { Container, Stack, Title } from '@mantine/core';
import { Fragment } from 'react';
import {
  FIRST_PHOTO_SIZES,
  OTHER_PHOTO_SIZES,
  imageSrcSet,
  imageUrl,
  isCheckoutConfirmation,
} from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isFirstAddress, pagePreviewFor, type TourPreview } from '@/lib/page-preview';
import { useAuth } from '@/lib/session';
import { HomeHeroPreview } from './home-hero';
import { PageSpinner } from './page-spinner';

// The top of the tour page as the server painted it in the first HTML (apps/api/src/modules/web/shell-tags.tsx#tourFrame:
// the same elements and classes, styled by the style the server put in that page's head), shown while the tour page
// loads for the first time: its words and its gallery's photos (the browser has them already) where the page puts
// them, so nothing moves when the page draws itself over it.
export function TourFramePreview({ preview }: { preview: TourPreview }) {
  return (
    <div className="tour-frame" data-preview="tour" role="status" aria-busy="true">
      <div className="tour-frame-text">
        <div className="tour-frame-crumbs">
          {preview.crumbs.map((crumb, index) => (
            <Fragment key={index}>
              {index > 0 && <span className="tour-frame-separator">›</span>}
              <span>{crumb}</span>
            </Fragment>
          ))}
        </div>
        <h1 className="tour-frame-title">{preview.title}</h1>
        <p className="tour-frame-summary">{preview.summary}</p>
        <div className="tour-frame-facts">
          {preview.facts.map((fact, index) => (
            <span key={index} className="tour-frame-fact">
              {fact}
            </span>
          ))}
          <span className="tour-frame-badge" data-instant={preview.confirmation.isInstant ? '' : undefined}>
            {preview.confirmation.text}
          </span>
        </div>
        <div className="tour-frame-sections">
          {preview.sections.map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.text}
            </a>
          ))}
        </div>
      </div>
      <div className="tour-frame-gallery">
        {preview.photos.map((photo, index) => (
          <div key={photo.key}>
            <img
              src={imageUrl(photo.key, 640)}
              srcSet={imageSrcSet(photo.key)}
              sizes={index === 0 ? FIRST_PHOTO_SIZES : OTHER_PHOTO_SIZES}
              width={photo.width}
              height={photo.height}
              alt={photo.alt || preview.title}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
            {index === 2 && preview.morePhotos && <span className="tour-frame-more">{preview.morePhotos}</span>}
          </div>
        ))}
      </div>
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
  if (preview) return <TourFramePreview preview={preview} />;
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
