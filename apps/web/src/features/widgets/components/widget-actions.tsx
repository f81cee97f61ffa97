import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import type { WidgetListItem } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowActions, type RowAction } from '@/components/row-actions';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useDeleteWidget } from '../api/delete-widget';
import { useDuplicateWidget } from '../api/duplicate-widget';

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

  const actions: RowAction[] = [
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
      <RowActions
        actions={actions.map((action) => ({ ...action, attributes: { 'data-testid': `widget-${action.key}` } }))}
        isCompact={isCompact}
      />
      <ConfirmDialog
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('widgets.delete.title')}
        cancelLabel={t('widgets.delete.cancel')}
        confirmLabel={t('widgets.delete.confirm')}
        confirmColor="red"
        onConfirm={handleDelete}
        isPending={remove.isPending}
        confirmTestId="widget-delete-confirm"
      >
        <Text size="sm">{t('widgets.delete.text', { name: widget.name })}</Text>
      </ConfirmDialog>
    </>
  );
}
