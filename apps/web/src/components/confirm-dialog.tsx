import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, type MantineColor } from '@mantine/core';

type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  // what will happen, said before it does
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  // red for what cannot be undone; the theme's colour otherwise
  confirmColor?: MantineColor;
  onConfirm: () => void;
  isPending: boolean;
  testId?: string;
  confirmTestId?: string;
};

// A question before an action (delete, revoke, credit, record): what happens, then go back or go ahead. Going back
// waits while the action is on its way.
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmColor,
  onConfirm,
  isPending,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !isPending && onClose()} title={title} centered>
      <Stack gap="md" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={isPending} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
