import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { Agent } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useDeleteAgent } from '../api/delete-agent';
import { useInviteAgent } from '../api/invite-agent';
import { useRestoreAgent } from '../api/restore-agent';

type Confirming = 'delete' | 'restore' | null;

type ActionButton = {
  key: 'edit' | 'resend' | 'delete' | 'restore';
  isShown: boolean;
  icon: Icon;
  // what the button says, and its accessible name with the agent's name
  label: string;
  name: string;
  onClick: () => void;
  isLoading?: boolean;
  color?: string;
};

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

  const allActions: ActionButton[] = [
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
  const actions = allActions.filter((action) => action.isShown);

  return (
    <>
      <Group gap={4} wrap={isCompact ? 'nowrap' : 'wrap'} justify={isCompact ? 'flex-end' : 'flex-start'}>
        {actions.map((action) =>
          isCompact ? (
            <Tooltip key={action.key} label={action.label} withArrow>
              <ActionIcon
                variant="subtle"
                color={action.color}
                size="lg"
                loading={action.isLoading}
                onClick={action.onClick}
                aria-label={action.name}
                data-action={action.key}
              >
                <action.icon size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              key={action.key}
              size="compact-sm"
              variant="light"
              color={action.color}
              leftSection={<action.icon size={14} />}
              loading={action.isLoading}
              onClick={action.onClick}
              aria-label={action.name}
              data-action={action.key}
            >
              {action.label}
            </Button>
          ),
        )}
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={close}
        title={confirming === 'restore' ? t('agents.restore.title') : t('agents.delete.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {confirming === 'restore'
              ? t('agents.restore.text', { name: agent.name })
              : t('agents.delete.text', { name: agent.name })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('agents.form.cancel')}
            </Button>
            <Button
              color={confirming === 'restore' ? undefined : 'red'}
              loading={remove.isPending || restore.isPending}
              onClick={handleConfirm}
              data-testid="agent-confirm"
            >
              {confirming === 'restore' ? t('agents.restore.confirm') : t('agents.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
