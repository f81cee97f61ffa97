import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { ErrorAlert } from './error-alert';

// A list or page part whose data could not be loaded: said in place, with a way to try again (never an endless spinner)
export function LoadFailed({
  error,
  onRetry,
  isRetrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation();
  const isForbidden = error instanceof ApiError && error.status === 403;
  return (
    <ErrorAlert title={t('common.loadFailedTitle')} testId="load-failed">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{isForbidden ? t('messages.forbidden') : t('common.loadFailedText')}</Text>
        <Button
          variant="white"
          color="red"
          leftSection={<IconRefresh size={16} />}
          loading={isRetrying}
          onClick={onRetry}
        >
          {t('common.tryAgain')}
        </Button>
      </Group>
    </ErrorAlert>
  );
}
