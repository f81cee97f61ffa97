import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

export function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('apiKeys.copied') : t('apiKeys.copy')} withArrow>
          <ActionIcon variant="subtle" onClick={copy} aria-label={t('apiKeys.copy')} data-testid={testId}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
