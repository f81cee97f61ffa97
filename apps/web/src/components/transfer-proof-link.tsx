import { Anchor } from '@mantine/core';
import { buildPath, systemRoutes } from '@portal/contract';
import { IconPaperclip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { downloadNamedByServer } from '@/lib/download';

// A bank transfer's proof as the agent attached it (the agency's admins and the tours company's operators), downloaded
// with the caller's token under the server's name for it
export function TransferProofLink({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () =>
      downloadNamedByServer(buildPath(systemRoutes.downloadFile.path, { id: fileId }), 'transfer-proof'),
  });
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      data-testid="transfer-proof"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconPaperclip size={14} />
      {t('transferProof.link')}
    </Anchor>
  );
}
