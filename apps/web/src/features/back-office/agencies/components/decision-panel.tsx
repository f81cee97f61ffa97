import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { AdminAgencyDetail } from '@portal/contract';
import { IconCheck, IconPlayerPlay, IconPlayerPause, IconX } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { takeFieldError } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useAgencyDecision } from '../../api/agencies';
import { ReasonDialog } from '../../components/reason-dialog';

type ReasonKind = 'reject' | 'suspend';

// What the tours company can decide for the agency in its status: approve or reject a sign-up, suspend an approved
// agency, reinstate a suspended one. Rejecting and suspending ask why (the admins are e-mailed the reason).
export function DecisionPanel({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const decide = useAgencyDecision(agency.id);
  const [asking, setAsking] = useState<ReasonKind | null>(null);

  const done = (key: string) => () => notify.success(t(`backOffice.agency.done.${key}`, { name: agency.name }));
  const submitReason = (reason: string, showError: (message: string | null) => void) => {
    if (!asking) return;
    const kind = asking;
    decide.mutate(
      { kind, reason },
      {
        onSuccess: () => {
          done(kind)();
          setAsking(null);
        },
        onError: (error) => showError(takeFieldError(error, 'reason')),
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="decision-panel">
      {agency.statusReason && (agency.status === 'rejected' || agency.status === 'suspended') && (
        <Alert
          color={agency.status === 'rejected' ? 'gray' : 'red'}
          variant="light"
          title={t('backOffice.agency.reason')}
        >
          {agency.statusReason}
        </Alert>
      )}
      {agency.status === 'pending' && (
        <Text size="sm" c="dimmed">
          {t('backOffice.agency.reviewHint')}
        </Text>
      )}
      <Group gap="sm">
        {agency.status === 'pending' && (
          <>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              loading={decide.isPending && decide.variables?.kind === 'approve'}
              onClick={() => decide.mutate({ kind: 'approve' }, { onSuccess: done('approve') })}
            >
              {t('backOffice.agency.approve')}
            </Button>
            <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setAsking('reject')}>
              {t('backOffice.agency.reject')}
            </Button>
          </>
        )}
        {agency.status === 'approved' && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerPause size={16} />}
            onClick={() => setAsking('suspend')}
          >
            {t('backOffice.agency.suspend')}
          </Button>
        )}
        {agency.status === 'suspended' && (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={decide.isPending}
            onClick={() => decide.mutate({ kind: 'reinstate' }, { onSuccess: done('reinstate') })}
          >
            {t('backOffice.agency.reinstate')}
          </Button>
        )}
      </Group>
      <ReasonDialog
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`backOffice.agency.${asking}Title`, { name: agency.name }) : ''}
        label={t('backOffice.agency.reasonLabel')}
        hint={t('backOffice.agency.reasonHint')}
        submitLabel={asking ? t(`backOffice.agency.${asking}`) : ''}
        maxLength={500}
        isRequiredHere={false}
        isPending={decide.isPending}
        onSubmit={submitReason}
      />
    </Stack>
  );
}
