import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import type { TourPhoto } from '@portal/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { TourImage } from './tour-image';

type PhotoViewerProps = {
  photos: readonly TourPhoto[];
  title: string;
  openIndex: number | null;
  onChange: (index: number | null) => void;
};

// Every photo of the tour, one at a time (tour-gallery.tsx loads it when a photo is first opened)
export function PhotoViewer({ photos, title, openIndex, onChange }: PhotoViewerProps) {
  const { t } = useTranslation();
  const current = openIndex === null ? null : photos[openIndex];
  const step = (delta: number) =>
    onChange(openIndex === null ? null : (openIndex + delta + photos.length) % photos.length);

  return (
    <Modal
      opened={current !== null && current !== undefined}
      onClose={() => onChange(null)}
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
            <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label={t('catalogue.tour.nextPhoto')}>
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        </>
      )}
    </Modal>
  );
}
