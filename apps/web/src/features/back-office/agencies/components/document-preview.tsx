import { useEffect, useMemo } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AgencyFile } from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

// A sign-up's document, shown inline: the bytes come with the operator's token (no plain link), then an image shows
// as one and a PDF in a frame (CSP frame-src blob:), with a download beside it
export function DocumentPreview({ label, file }: { label: string; file: AgencyFile | null }) {
  const { t } = useTranslation();
  const download = useQuery({
    queryKey: ['back-office', 'file', file?.id],
    queryFn: ({ signal }) => apiDownload(`/b2b/files/${file?.id ?? ''}`, { signal }),
    enabled: file !== null,
    staleTime: Infinity,
  });
  const blob = download.data?.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <Paper withBorder p="sm" data-testid="document-preview">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {file && blob && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => saveBlob(blob, file.originalName)}
            >
              {t('backOffice.agency.download')}
            </Button>
          )}
        </Group>
        {!file ? (
          <Text size="sm" c="dimmed">
            {t('backOffice.agency.noDocument')}
          </Text>
        ) : !url ? (
          <Skeleton height={220} />
        ) : file.contentType === 'application/pdf' ? (
          <iframe src={url} title={label} style={{ width: '100%', height: 360, border: 0 }} />
        ) : (
          <img src={url} alt={label} style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }} />
        )}
        {file && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {file.originalName}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
