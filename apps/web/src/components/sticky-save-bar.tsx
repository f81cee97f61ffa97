import type { ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

// The bottom of a long form, kept in sight while it scrolls: discard the changes, save them (the form's submit).
// It lifts off the page once there is something to save.
export function StickySaveBar({
  isDirty,
  isSaving,
  onDiscard,
  discardLabel,
  saveLabel,
  saveTestId,
}: {
  isDirty: boolean;
  isSaving: boolean;
  onDiscard: () => void;
  discardLabel: ReactNode;
  saveLabel: ReactNode;
  saveTestId: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2 }}
      shadow={isDirty ? 'md' : undefined}
    >
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        <Button variant="default" size="sm" disabled={!isDirty || isSaving} onClick={onDiscard}>
          {discardLabel}
        </Button>
        <Button
          type="submit"
          size="sm"
          leftSection={<IconDeviceFloppy size={18} />}
          loading={isSaving}
          disabled={!isDirty}
          data-testid={saveTestId}
        >
          {saveLabel}
        </Button>
      </Group>
    </Paper>
  );
}
