import { Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// A small icon followed by a line of text: the facts row of tour cards and the tour header.
export function IconText({ icon: IconComponent, size, children }: { icon: Icon; size: number; children: ReactNode }) {
  return (
    <Group gap={size > 15 ? 6 : 4} wrap="nowrap">
      <IconComponent size={size} aria-hidden />
      <Text size="sm">{children}</Text>
    </Group>
  );
}
