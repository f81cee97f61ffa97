import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

// The bin at the end of one row of a list the editor grows (a cancellation tier, a price period): removes that row
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}
