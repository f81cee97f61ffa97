import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

// The header of a money column: right-aligned over the figures, on one line
export function MoneyTh({ children }: { children: ReactNode }) {
  return (
    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Table.Th>
  );
}
