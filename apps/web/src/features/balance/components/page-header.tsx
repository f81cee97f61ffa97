import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

// The title of a money page, a line under it, and the link to the other money page on the right
export function PageHeader({ title, subtitle, action }: { title: string; subtitle: string; action: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      </div>
      {action}
    </Group>
  );
}
