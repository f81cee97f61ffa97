import { Table } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

// A header cell: its text's key under the table's textKeys ('' for a header with no text), and how it lines up; a
// money column keeps its header on one line, right-aligned like its figures
type HeadCellSpec = { key: string; align?: 'right'; isMoney?: boolean; w?: number; breaksAtSlashes?: boolean };
export type HeadCell = string | HeadCellSpec;

export type TableHeadProps = {
  // where the headers' texts are
  textKeys: string;
  // a cell left out where its column is (false)
  cells: readonly (HeadCell | false)[];
};

// A table's header row, its texts from one place in the translations
export function TableHead({ textKeys, cells }: TableHeadProps) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {cells
          .filter((cell) => cell !== false)
          .map((cell, index) => {
            const spec: HeadCellSpec = typeof cell === 'string' ? { key: cell } : cell;
            const { key, align, isMoney, w, breaksAtSlashes } = spec;
            const text = key ? t(`${textKeys}.${key}`) : '';
            return (
              <Table.Th
                key={key || index}
                ta={isMoney ? 'right' : align}
                w={w}
                style={isMoney ? { whiteSpace: 'nowrap' } : undefined}
              >
                {/* a long label ('Adult/Child/Infant') may wrap after its slashes rather than widen the column */}
                {breaksAtSlashes ? text.replace(/\//g, '/\u200b') : text}
              </Table.Th>
            );
          })}
      </Table.Tr>
    </Table.Thead>
  );
}
