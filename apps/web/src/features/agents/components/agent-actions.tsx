import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconMailForward, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { Agent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowActions, type RowAction } from '@/components/row-actions';
import { notify } from '@/lib/notify';
import { useDeleteAgent } from '../api/delete-agent';
import { useInviteAgent } from '../api/invite-agent';
import { useRestoreAgent } from '../api/restore-agent';

type Confirming = 'delete' | 'restore' | null;

type AgentActionsProps = {
  agent: Agent;
  onEdit: (agent: Agent) => void;
  // icons with tooltips (the table's narrow column) instead of labelled buttons (the phone's cards)
  isCompact?: boolean;
};

// A row's actions: edit; delete (never one's own user) and restore after a confirmation; a new invitation for an
// agent who has not set a password yet
export function AgentActions({ agent, onEdit, isCompact = false }: AgentActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const remove = useDeleteAgent();
  const restore = useRestoreAgent();
  const invite = useInviteAgent();
  const isDeleted = agent.status === 'deleted';
  const close = () => setConfirming(null);

  const handleConfirm = () => {
    const mutation = confirming === 'delete' ? remove : restore;
    mutation.mutate(agent.id, {
      onSuccess: () => {
        notify.success(t(confirming === 'delete' ? 'agents.delete.done' : 'agents.restore.done', { name: agent.name }));
        close();
      },
    });
  };

  const handleInvite = () => {
    invite.mutate(agent.id, {
      onSuccess: () => notify.success(t('agents.invite.sent', { email: agent.email })),
    });
  };

  const allActions: (RowAction & { isShown: boolean })[] = [
    {
      key: 'edit',
      isShown: !isDeleted,
      icon: IconPencil,
      label: t('agents.actions.edit'),
      name: t('agents.actions.editNamed', { name: agent.name }),
      onClick: () => onEdit(agent),
    },
    {
      key: 'resend',
      isShown: agent.status === 'emailNotVerified',
      icon: IconMailForward,
      label: t('agents.actions.resend'),
      name: t('agents.actions.resendNamed', { name: agent.name }),
      onClick: handleInvite,
      isLoading: invite.isPending,
    },
    {
      key: 'delete',
      isShown: !isDeleted && !agent.isSelf,
      icon: IconTrash,
      label: t('agents.actions.delete'),
      name: t('agents.actions.deleteNamed', { name: agent.name }),
      onClick: () => setConfirming('delete'),
      color: 'red',
    },
    {
      key: 'restore',
      isShown: isDeleted,
      icon: IconRestore,
      label: t('agents.actions.restore'),
      name: t('agents.actions.restoreNamed', { name: agent.name }),
      onClick: () => setConfirming('restore'),
    },
  ];
  const actions = allActions
    .filter((action) => action.isShown)
    .map((action) => ({ ...action, attributes: { 'data-action': action.key } }));

  return (
    <>
      <RowActions actions={actions} isCompact={isCompact} />
      <ConfirmDialog
        opened={confirming !== null}
        onClose={close}
        title={confirming === 'restore' ? t('agents.restore.title') : t('agents.delete.title')}
        cancelLabel={t('agents.form.cancel')}
        confirmLabel={confirming === 'restore' ? t('agents.restore.confirm') : t('agents.delete.confirm')}
        confirmColor={confirming === 'restore' ? undefined : 'red'}
        onConfirm={handleConfirm}
        isPending={remove.isPending || restore.isPending}
        confirmTestId="agent-confirm"
      >
        <Text size="sm">
          {confirming === 'restore'
            ? t('agents.restore.text', { name: agent.name })
            : t('agents.delete.text', { name: agent.name })}
        </Text>
      </ConfirmDialog>
    </>
  );
}
