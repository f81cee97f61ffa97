import type { ReactNode } from 'react';
import { Paper, Text, type MantineSpacing } from '@mantine/core';

// A list with nothing to show: one dimmed sentence, centred in a bordered box where the list would be
export function EmptyState({
  testId,
  padding = 'xl',
  children,
}: {
  testId: string;
  padding?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={padding}>
      <Text c="dimmed" ta="center" data-testid={testId}>
        {children}
      </Text>
    </Paper>
  );
}
