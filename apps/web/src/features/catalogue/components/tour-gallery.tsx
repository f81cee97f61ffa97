import { lazy, Suspense, useState } from 'react';
import { Badge } from '@mantine/core';
import type { TourPhoto } from '@portal/contract';
import { FIRST_PHOTO_SIZES, OTHER_PHOTO_SIZES } from '@portal/contract/plain';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { TourImage } from './tour-image';
import classes from './tour-page.module.css';

const VISIBLE = 3;

// The viewer (Mantine's modal with its focus trap and scroll lock) loads when a photo is first opened: it stays off
// the tour page's first load (issue 32)
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

// SPEC §2 gallery: three photos on the page, all of them in a viewer
export function TourGallery({ photos, title }: { photos: readonly TourPhoto[]; title: string }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const open = (index: number) => {
    setWasOpened(true);
    setOpenIndex(index);
  };
  if (photos.length === 0) return null;

  return (
    <>
      <div className={classes.gallery} role="group" aria-label={t('catalogue.tour.gallery')}>
        {photos.slice(0, VISIBLE).map((photo, index) => (
          <div key={photo.key} className={index === 0 ? classes.galleryMain : undefined}>
            <button
              type="button"
              className={classes.galleryButton}
              onClick={() => open(index)}
              aria-label={t('catalogue.tour.openPhoto', { n: index + 1, total: photos.length })}
            >
              <TourImage
                image={photo}
                isPriority={index === 0}
                sizes={index === 0 ? FIRST_PHOTO_SIZES : OTHER_PHOTO_SIZES}
                alt={photo.alt || title}
              />
              {index === VISIBLE - 1 && photos.length > VISIBLE && (
                <Badge
                  className={classes.galleryMore}
                  size="lg"
                  variant="white"
                  color="dark"
                  leftSection={<IconPhoto size={14} />}
                >
                  {t('catalogue.tour.allPhotos', { count: photos.length })}
                </Badge>
              )}
            </button>
          </div>
        ))}
      </div>
      {wasOpened && (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} title={title} openIndex={openIndex} onChange={setOpenIndex} />
        </Suspense>
      )}
    </>
  );
}
