import { Alert, Text } from '@mantine/core';
import type { AgencyDetails } from '@portal/contract';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

// Issue 31: the agency's admins are told that their agents' sessions are recorded for support (or that the tours
// company switched it off for them)
export function ReplayNotice({ details }: { details: AgencyDetails }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color={details.isReplayRecorded ? 'blue' : 'gray'}
      icon={<IconVideo size={18} />}
      title={t('company.replay.title')}
      data-testid="company-replay-notice"
    >
      <Text size="sm">{details.isReplayRecorded ? t('company.replay.on') : t('company.replay.off')}</Text>
    </Alert>
  );
}
