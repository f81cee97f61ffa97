import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

type DataAttributes = Record<`data-${string}`, string | number>;

// One row of a back-office list as a phone shows it (ListTable's card); given `to`, the whole card is the link there
export function ListCard({ to, children, ...data }: { to?: string; children: ReactNode } & DataAttributes) {
  if (to === undefined)
    return (
      <Card withBorder padding="sm" {...data}>
        {children}
      </Card>
    );
  return (
    <Card withBorder padding="sm" component={Link} to={to} {...data}>
      {children}
    </Card>
  );
}

type CardTopProps = {
  // the row's name, wrapping anywhere rather than widening the card
  title?: string;
  // the lines under the name
  children?: ReactNode;
  // on the right: a status or an amount
  aside: ReactNode;
  gap?: number;
};

// A list card's first lines: the row's name and what goes under it, its status or amount beside them
export function CardTop({ title, children, aside, gap = 0 }: CardTopProps) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={gap} style={{ minWidth: 0 }}>
        {title !== undefined && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
        )}
        {children}
      </Stack>
      {aside}
    </Group>
  );
}

// A line of a list card: what a figure is, and the figure at the line's end
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}
