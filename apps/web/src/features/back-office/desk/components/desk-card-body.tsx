import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { BookingStatus } from '@portal/contract';
import { DeskStatusBadge } from './booking-status-badge';

type DeskCardBodyProps = {
  title: ReactNode;
  status: BookingStatus;
  // the line at the foot, beside the amount: whose it is
  footer: string;
  amount: ReactNode;
  // the lines between: what was booked and when
  children: ReactNode;
};

// A desk booking or request as a phone shows it, inside its card (the table's columns are deskColumns): its name and
// status, what was booked, then whose it is and the amount
export function DeskCardBody({ title, status, footer, amount, children }: DeskCardBodyProps) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <DeskStatusBadge status={status} />
      </Group>
      {children}
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {footer}
        </Text>
        <Text size="sm" fw={600}>
          {amount}
        </Text>
      </Group>
    </Stack>
  );
}
