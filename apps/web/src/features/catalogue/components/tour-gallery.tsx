import { useState } from 'react';
import { ActionIcon, Badge, Group, Modal, Text } from '@mantine/core';
import type { TourPhoto } from '@portal/contract';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TourImage } from './tour-image';
import classes from './tour-page.module.css';

const VISIBLE = 3;

// SPEC §2 gallery: three photos on the page, all of them in a viewer
export function TourGallery({ photos, title }: { photos: readonly TourPhoto[]; title: string }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const current = openIndex === null ? null : photos[openIndex];
  const step = (delta: number) =>
    setOpenIndex((index) => (index === null ? null : (index + delta + photos.length) % photos.length));

  return (
    <>
      <div className={classes.gallery} role="group" aria-label={t('catalogue.tour.gallery')}>
        {photos.slice(0, VISIBLE).map((photo, index) => (
          <div key={photo.key} className={index === 0 ? classes.galleryMain : undefined}>
            <button
              type="button"
              className={classes.galleryButton}
              onClick={() => setOpenIndex(index)}
              aria-label={t('catalogue.tour.openPhoto', { n: index + 1, total: photos.length })}
            >
              <TourImage
                image={photo}
                isPriority={index === 0}
                sizes={
                  index === 0
                    ? '(min-width: 75em) 800px, (min-width: 48em) 66vw, 88vw'
                    : '(min-width: 75em) 400px, (min-width: 48em) 33vw, 88vw'
                }
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
      <Modal
        opened={current !== null && current !== undefined}
        onClose={() => setOpenIndex(null)}
        size="min(1100px, 96vw)"
        centered
        title={title}
        closeButtonProps={{ 'aria-label': t('catalogue.tour.closeGallery') }}
      >
        {current && (
          <>
            <TourImage image={current} sizes="min(1100px, 96vw)" isPriority alt={current.alt || title} />
            <Group justify="space-between" mt="sm">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => step(-1)}
                aria-label={t('catalogue.tour.previousPhoto')}
              >
                <IconChevronLeft size={20} />
              </ActionIcon>
              <Text size="sm" c="dimmed">
                {(openIndex ?? 0) + 1} / {photos.length} · {current.alt}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => step(1)}
                aria-label={t('catalogue.tour.nextPhoto')}
              >
                <IconChevronRight size={20} />
              </ActionIcon>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
