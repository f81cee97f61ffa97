import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

// A page's title, a line under it, and what the page offers on the right (a button, a link to a sibling page)
export function PageHeader({ title, subtitle, action }: { title: string; subtitle: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          {subtitle}
        </Text>
      </div>
      {action}
    </Group>
  );
}
