import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { WidgetListItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useDeleteWidget } from '../api/delete-widget';
import { useDuplicateWidget } from '../api/duplicate-widget';

type ActionButton = {
  key: 'edit' | 'duplicate' | 'delete';
  icon: Icon;
  label: string;
  name: string;
  onClick: () => void;
  isLoading?: boolean;
  color?: string;
};

// A row's actions: edit, duplicate, and delete after a confirmation. Icons with tooltips in the table, labelled
// buttons on a phone's card.
export function WidgetActions({ widget, isCompact = false }: { widget: WidgetListItem; isCompact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteWidget();
  const duplicate = useDuplicateWidget();

  const handleDuplicate = () =>
    duplicate.mutate(widget.id, {
      onSuccess: (copy) => notify.success(t('widgets.duplicate.done', { name: copy.name })),
    });
  const handleDelete = () =>
    remove.mutate(widget.id, {
      onSuccess: () => {
        notify.success(t('widgets.delete.done', { name: widget.name }));
        setConfirming(false);
      },
    });

  const actions: ActionButton[] = [
    {
      key: 'edit',
      icon: IconPencil,
      label: t('widgets.actions.edit'),
      name: t('widgets.actions.editNamed', { name: widget.name }),
      onClick: () => void navigate(paths.widgetEdit.getHref(widget.id)),
    },
    {
      key: 'duplicate',
      icon: IconCopy,
      label: t('widgets.actions.duplicate'),
      name: t('widgets.actions.duplicateNamed', { name: widget.name }),
      onClick: handleDuplicate,
      isLoading: duplicate.isPending,
    },
    {
      key: 'delete',
      icon: IconTrash,
      label: t('widgets.actions.delete'),
      name: t('widgets.actions.deleteNamed', { name: widget.name }),
      onClick: () => setConfirming(true),
      color: 'red',
    },
  ];

  return (
    <>
      <Group
        gap={isCompact ? 4 : 'xs'}
        justify={isCompact ? 'flex-end' : 'flex-start'}
        wrap={isCompact ? 'nowrap' : 'wrap'}
      >
        {actions.map((action) => {
          return isCompact ? (
            <Tooltip key={action.key} label={action.label} withArrow>
              <ActionIcon
                variant="subtle"
                color={action.color}
                aria-label={action.name}
                loading={action.isLoading}
                data-testid={`widget-${action.key}`}
                onClick={action.onClick}
              >
                <action.icon size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              key={action.key}
              size="xs"
              variant="light"
              color={action.color}
              leftSection={<action.icon size={16} />}
              aria-label={action.name}
              loading={action.isLoading}
              data-testid={`widget-${action.key}`}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          );
        })}
      </Group>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title={t('widgets.delete.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('widgets.delete.text', { name: widget.name })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('widgets.delete.cancel')}
            </Button>
            <Button color="red" onClick={handleDelete} loading={remove.isPending} data-testid="widget-delete-confirm">
              {t('widgets.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
