import { Button, Center, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { widgetImageUrl } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { takeFieldError } from '@/lib/form';
import { useUploadWidgetImage } from '../api/upload-widget-image';
import type { WidgetForm } from './editor-tabs';

type ImageFieldName = 'logoImageId' | 'footerLogoImageId' | 'heroImageId';

// A logo or hero image: uploaded at once (through the storage interface, checked by content), named by the widget
// when it is saved
export function ImageField({ form, field, label }: { form: WidgetForm; field: ImageFieldName; label: string }) {
  const { t } = useTranslation();
  const upload = useUploadWidgetImage();
  const imageId = form.values[field];
  const uploadError = upload.error ? takeFieldError(upload.error, 'file') : null;

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (image) => form.setFieldValue(field, image.id) });
  };

  return (
    <Input.Wrapper
      label={label}
      description={t('widgets.fields.imageHint')}
      error={uploadError ?? form.errors[field]}
      data-testid={`widget-image-${field}`}
    >
      <Paper withBorder radius="md" p="sm" mt={6}>
        <Stack gap="xs">
          <Center h={96} bg="gray.0" style={{ borderRadius: 6, overflow: 'hidden' }}>
            {imageId ? (
              <Image src={widgetImageUrl(imageId)} alt={label} h={96} w="auto" fit="contain" />
            ) : (
              <Stack gap={2} align="center">
                <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
                <Text size="xs" c="dimmed">
                  {t('widgets.fields.noImage')}
                </Text>
              </Stack>
            )}
          </Center>
          <Group gap="xs" wrap="nowrap">
            <FileButton onChange={handleFile} accept="image/png,image/jpeg">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={upload.isPending}
                  data-testid={`widget-upload-${field}`}
                >
                  {imageId ? t('widgets.fields.replaceImage') : t('widgets.fields.uploadImage')}
                </Button>
              )}
            </FileButton>
            {imageId && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => form.setFieldValue(field, null)}
              >
                {t('widgets.fields.removeImage')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
