import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AdminAgencyDetail } from '@portal/contract';
import { IconCheck, IconPlayerPlay, IconPlayerPause, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { takeFieldError } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useAgencyDecision } from '../../api/agencies';

type ReasonKind = 'reject' | 'suspend';

// What the tours company can decide for the agency in its status: approve or reject a sign-up, suspend an approved
// agency, reinstate a suspended one. Rejecting and suspending ask why (the admins are e-mailed the reason).
export function DecisionPanel({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const decide = useAgencyDecision(agency.id);
  const [asking, setAsking] = useState<ReasonKind | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const done = (key: string) => () => notify.success(t(`backOffice.agency.done.${key}`, { name: agency.name }));
  const submitReason = () => {
    if (!asking) return;
    const kind = asking;
    decide.mutate(
      { kind, reason },
      {
        onSuccess: () => {
          done(kind)();
          setAsking(null);
          setReason('');
        },
        onError: (error) => setReasonError(takeFieldError(error, 'reason')),
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
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`backOffice.agency.${asking}Title`, { name: agency.name }) : ''}
        centered
      >
        <Stack gap="sm">
          <Textarea
            label={t('backOffice.agency.reasonLabel')}
            description={t('backOffice.agency.reasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('backOffice.cancel')}
            </Button>
            <Button color="red" loading={decide.isPending} onClick={submitReason}>
              {asking ? t(`backOffice.agency.${asking}`) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
