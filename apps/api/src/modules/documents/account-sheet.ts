import type { Worksheet } from 'exceljs';
import { TEXT_FORMAT, formatCells, styleAsHeader } from '../../lib/xlsx-cells.ts';
import { minorToMajor } from './document-format.ts';

// What an account sheet (statement, reconciliation) opens and closes with; its cells are lib/xlsx-cells.ts's

// A line of an account sheet: its label, then amounts in `money` columns (1-based; the label is column 1)
export function accountLine(
  sheet: Worksheet,
  label: string,
  amounts: Record<number, number>,
  options: { money: string; bold?: boolean },
): void {
  const width = Math.max(1, ...Object.keys(amounts).map(Number));
  const cells: (string | number | null)[] = [label, ...Array<null>(width - 1).fill(null)];
  for (const [column, minor] of Object.entries(amounts)) cells[Number(column) - 1] = minorToMajor(minor);
  const row = sheet.addRow(cells);
  if (options.bold) row.font = { bold: true };
  formatCells(row, [1], TEXT_FORMAT);
  formatCells(row, Object.keys(amounts).map(Number), options.money);
  row.commit();
}

// The five frozen rows an account sheet opens with: its title, the period, the opening balance (in the balance
// column), a blank row and the column headers
export function accountSheetHead(
  sheet: Worksheet,
  head: {
    title: string;
    period: (string | null)[];
    opening: string;
    openingMinor: number;
    balanceColumn: number;
    money: string;
    headers: readonly string[];
  },
): void {
  const title = sheet.addRow([head.title]);
  title.font = { bold: true, size: 14 };
  formatCells(title, [1], TEXT_FORMAT);
  title.commit();
  const period = sheet.addRow(head.period);
  formatCells(
    period,
    head.period.flatMap((cell, i) => (cell === null ? [] : [i + 1])),
    TEXT_FORMAT,
  );
  period.commit();
  accountLine(sheet, head.opening, { [head.balanceColumn]: head.openingMinor }, { money: head.money });
  sheet.addRow([]).commit();
  const header = sheet.addRow([...head.headers]);
  styleAsHeader(header);
  header.commit();
}
