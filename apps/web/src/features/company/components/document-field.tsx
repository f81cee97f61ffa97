import { useState } from 'react';
import { Anchor, Button, Collapse, FileButton, Group, Input, List, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFileDownload, IconUpload } from '@tabler/icons-react';
import { MESSAGES } from '@portal/contract/plain';
import type { AgencyDetails, AgencyFile, AgencyFileKind } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { takeFieldError } from '@/lib/form';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { notify } from '@/lib/notify';
import { useDownloadAgencyFile } from '../api/download-agency-file';
import { ACCEPTED_UPLOAD_TYPES } from '@/lib/upload-file';
import { useUploadAgencyFile } from '../api/upload-agency-file';

// SPEC §5: PDF, JPG or PNG up to 5 MB (the server checks the content; this spares a doomed upload)
const MAX_BYTES = 5 * 1024 * 1024;

function FileLink({ file }: { file: AgencyFile }) {
  const { language } = useLocale();
  const download = useDownloadAgencyFile();
  const uploaded = [formatDateTime(file.uploadedAt, language), file.uploadedBy, formatFileSize(file.sizeBytes)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component="button"
        type="button"
        onClick={() => download.mutate(file)}
        disabled={download.isPending}
        style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
      >
        <Group gap={6} wrap="nowrap" component="span">
          <IconFileDownload size={16} style={{ flexShrink: 0 }} />
          <span>{file.originalName}</span>
        </Group>
      </Anchor>
      <Text size="xs" c="dimmed">
        {uploaded}
      </Text>
    </Stack>
  );
}

// One company document, named by its kind: the current file (download), replacing it at once (admins), and the
// files it replaced
export function DocumentField({
  kind,
  files,
  editable,
}: {
  kind: AgencyFileKind;
  files: AgencyDetails['files'];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`company.documents.${kind}`);
  const document = files[kind];
  const upload = useUploadAgencyFile();
  const [error, setError] = useState<string | null>(null);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const historyId = `document-history-${kind}`;

  const handleFile = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) {
      setError(translateMessage(MESSAGES.fileTooLarge));
      return;
    }
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => notify.success(t('company.documents.uploaded', { name: file.name })),
        onError: (uploadError) => setError(takeFieldError(uploadError, 'file') ?? takeFieldError(uploadError, 'kind')),
      },
    );
  };

  return (
    <Input.Wrapper
      label={label}
      error={error ? translateMessage(error) : undefined}
      size="md"
      data-testid={`document-${kind}`}
    >
      <Stack gap="xs" mt={4}>
        {document.current ? (
          <FileLink file={document.current} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('company.documents.none')}
          </Text>
        )}
        {editable && (
          <FileButton onChange={handleFile} accept={ACCEPTED_UPLOAD_TYPES}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                style={{ alignSelf: 'flex-start' }}
                aria-label={`${document.current ? t('company.documents.replace') : t('company.documents.upload')}: ${label}`}
              >
                {document.current ? t('company.documents.replace') : t('company.documents.upload')}
              </Button>
            )}
          </FileButton>
        )}
        {document.history.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setHistoryOpen((open) => !open)}
              aria-expanded={isHistoryOpen}
              aria-controls={historyId}
              style={{ alignSelf: 'flex-start' }}
            >
              <Group gap={4} component="span">
                {isHistoryOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                {t('company.documents.previous', { count: document.history.length })}
              </Group>
            </Anchor>
            <Collapse expanded={isHistoryOpen} id={historyId}>
              <List listStyleType="none" spacing="xs" pl="md">
                {document.history.map((file) => (
                  <List.Item key={file.id}>
                    <FileLink file={file} />
                  </List.Item>
                ))}
              </List>
            </Collapse>
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
