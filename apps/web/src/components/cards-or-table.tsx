import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { useIsPhone } from '@/lib/use-is-phone';

type CardsOrTableProps = {
  isEmpty: boolean;
  // what is shown instead of an empty list
  empty: ReactNode;
  cards: ReactNode;
  table: ReactNode;
};

// A list of an agent's page: what says it is empty, else the cards on a phone and the framed table elsewhere
export function CardsOrTable({ isEmpty, empty, cards, table }: CardsOrTableProps) {
  const isPhone = useIsPhone();
  if (isEmpty) return empty;
  if (isPhone) return cards;
  return (
    <Paper withBorder p="xs">
      {table}
    </Paper>
  );
}
