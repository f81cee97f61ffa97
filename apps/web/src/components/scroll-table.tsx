import type { CSSProperties, ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import { TableHead, type TableHeadProps } from './table-head';

type ScrollTableProps = Omit<TableProps, 'children'> &
  TableHeadProps & {
    // the width under which the table scrolls sideways inside its frame
    minWidth: number;
    testId: string;
    // columns of money or counts: digits line up under each other
    hasFigures?: boolean;
    // after the rows: a total (a table foot)
    foot?: ReactNode;
    children: ReactNode;
  };

const FIGURES: CSSProperties = { fontVariantNumeric: 'tabular-nums' };

// An agent's list on a wide screen: its header row from the translations, then the rows
export function ScrollTable({
  minWidth,
  testId,
  textKeys,
  cells,
  hasFigures = false,
  foot,
  children,
  ...table
}: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table fz="sm" data-testid={testId} {...table}>
        <TableHead textKeys={textKeys} cells={cells} />
        <Table.Tbody style={hasFigures ? FIGURES : undefined}>{children}</Table.Tbody>
        {foot}
      </Table>
    </Table.ScrollContainer>
  );
}
