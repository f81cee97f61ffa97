import { ActionIcon, Button, Group, Tooltip, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export type RowAction = {
  key: string;
  icon: Icon;
  // what the button says, and its accessible name (with the row's name: "Delete Anna Smith")
  label: string;
  name: string;
  onClick: () => void;
  isLoading?: boolean;
  color?: MantineColor;
  // the attributes tests find it by
  attributes?: Record<`data-${string}`, string>;
};

// A list row's actions: icons with tooltips in a table's narrow column, labelled buttons on a phone's card
export function RowActions({ actions, isCompact }: { actions: readonly RowAction[]; isCompact: boolean }) {
  return (
    <Group
      gap={isCompact ? 4 : 'xs'}
      wrap={isCompact ? 'nowrap' : 'wrap'}
      justify={isCompact ? 'flex-end' : 'flex-start'}
    >
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
              {...action.attributes}
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
            loading={action.isLoading}
            onClick={action.onClick}
            aria-label={action.name}
            {...action.attributes}
          >
            {action.label}
          </Button>
        ),
      )}
    </Group>
  );
}
