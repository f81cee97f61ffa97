import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { SelectionHeading, type SelectionHeadingProps } from './selection-heading';

type SelectionCardProps = {
  heading: SelectionHeadingProps;
  testId: string;
  children: ReactNode;
};

// A booking card (tour page and checkout): a section named by its heading — what is being booked, the day, the
// time — and the choices and figures under it
export function SelectionCard({ heading, testId, children }: SelectionCardProps) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      shadow="sm"
      component="section"
      aria-labelledby={heading.id}
      data-testid={testId}
    >
      <Stack gap="md">
        <SelectionHeading {...heading} />
        {children}
      </Stack>
    </Paper>
  );
}
