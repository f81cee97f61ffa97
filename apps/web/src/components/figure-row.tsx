import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';

// Totals on a phone: one bordered list, a figure a line, the digits lined up
export function FigureList({
  children,
  ...attributes
}: {
  children: ReactNode;
  'data-testid'?: string;
  'data-currency'?: string;
}) {
  return (
    <Paper withBorder p="md" {...attributes}>
      <Stack gap={8} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Stack>
    </Paper>
  );
}

// One line of a FigureList: its label on the left, the figure on the right; the main figure (the closing balance,
// the commission) stands out, in red when it is below zero and says so
export function FigureRow({
  label,
  isMain = false,
  isNegative = false,
  testId,
  children,
}: {
  label: string;
  isMain?: boolean;
  isNegative?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c={isMain ? undefined : 'dimmed'} fw={isMain ? 700 : 500}>
        {label}
      </Text>
      <Text fw={isMain ? 800 : 600} c={isMain ? (isNegative ? 'red.7' : 'brand.7') : undefined} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}
