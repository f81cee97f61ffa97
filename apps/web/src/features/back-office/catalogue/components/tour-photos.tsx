import { ActionIcon, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Title, Button } from '@mantine/core';
import { imageUrl, type AdminTour } from '@portal/contract';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeletePhoto, useUploadPhoto } from '../api/catalogue';
import { firstMessage } from '../messages';

// A tour's photos: JPEG or PNG up to 5 MB, stored by the server and served resized like every catalogue image
export function TourPhotos({ tour }: { tour: AdminTour }) {
  const { t } = useTranslation();
  const upload = useUploadPhoto(tour.id);
  const remove = useDeletePhoto(tour.id);
  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify.success(t('boCatalogue.photos.added')),
      onError: (error) => notify.error(firstMessage(error) ?? t('boCatalogue.photos.failed')),
    });
  };
  return (
    <Card withBorder padding="md" data-testid="tour-photos">
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('boCatalogue.photos.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('boCatalogue.photos.hint')}
          </Text>
        </Stack>
        <FileButton onChange={onFile} accept="image/jpeg,image/png">
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              {t('boCatalogue.photos.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {tour.photos.length === 0 ? (
        <Text c="dimmed">{t('boCatalogue.photos.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {tour.photos.map((photo) => (
            <Card key={photo.id} padding={0} withBorder pos="relative" data-testid="tour-photo">
              <Image src={imageUrl(photo.imageKey, 640)} alt="" h={120} fit="cover" />
              <ActionIcon
                pos="absolute"
                top={6}
                right={6}
                color="red"
                variant="filled"
                aria-label={t('boCatalogue.photos.remove')}
                loading={remove.isPending && remove.variables === photo.id}
                onClick={() => remove.mutate(photo.id)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
