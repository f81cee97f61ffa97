import { Fragment, type ComponentPropsWithoutRef, type Key, type ReactElement, type ReactNode } from 'react';
import { Paper, Stack, Table, type TableTdProps } from '@mantine/core';
import { useIsPhone } from '@/lib/use-is-phone';

export type ListColumn<Row> = {
  key: string;
  // the header; none for a column of badges or actions
  title?: ReactNode;
  align?: 'right';
  // the cell's own props (a width limit, a style)
  tdProps?: TableTdProps;
  cell: (row: Row) => ReactNode;
};

type ListTableProps<Row> = {
  rows: readonly Row[];
  // a row's React key; a row with an id is keyed by it
  rowKey?: (row: Row) => Key;
  // a column left out where it says nothing (false)
  columns: readonly (ListColumn<Row> | false)[];
  // the width under which the table scrolls sideways
  minWidth: number;
  // a row's test id, data attributes, click
  rowProps?: (row: Row) => ComponentPropsWithoutRef<'tr'> & Record<`data-${string}`, string>;
  // given, a phone shows each row as this card instead of the table
  card?: (row: Row) => ReactNode;
  // 'framed': a bordered table of spaced rows; 'striped': stripes, no frame; 'compact': small rows inside a section
  variant?: 'framed' | 'striped' | 'compact';
  // rows that open something light up under the pointer (not rows with their own buttons)
  highlightOnHover?: boolean;
};

// A back-office list's rows: a table on wide screens, cards on phones; rows without an id name their key
export function ListTable<Row extends { id: Key }>(props: ListTableProps<Row>): ReactElement;
export function ListTable<Row>(props: ListTableProps<Row> & { rowKey: (row: Row) => Key }): ReactElement;
export function ListTable<Row>({
  rows,
  rowKey = idOf,
  columns,
  minWidth,
  rowProps,
  card,
  variant = 'framed',
  highlightOnHover = variant !== 'compact',
}: ListTableProps<Row>) {
  const isPhone = useIsPhone();
  if (isPhone && card)
    return (
      <Stack gap="sm">
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>{card(row)}</Fragment>
        ))}
      </Stack>
    );
  const shown = columns.filter((column): column is ListColumn<Row> => column !== false);
  const table = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped={variant === 'striped'}
        highlightOnHover={highlightOnHover}
        verticalSpacing={variant === 'framed' ? 'sm' : variant === 'compact' ? 'xs' : undefined}
        fz={variant === 'compact' ? 'sm' : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key} ta={column.align}>
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((column) => (
                <Table.Td key={column.key} ta={column.align} {...column.tdProps}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return variant === 'framed' ? <Paper withBorder>{table}</Paper> : table;
}

function idOf(row: unknown): Key {
  if (typeof row === 'object' && row !== null && 'id' in row) {
    const { id } = row;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  throw new Error('A list row without an id needs a rowKey');
}
