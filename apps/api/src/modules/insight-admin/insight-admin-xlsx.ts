import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  TEXT_FORMAT,
  calendarDate,
  dubaiWallClock,
  moneyFormat,
  streamSheet,
  styleAsHeader,
  styleOf,
} from '../../lib/xlsx-cells.ts';
import type { InsightCell, InsightTable } from './insight-admin-export.ts';

// An Insight table as an xlsx workbook, written as it streams (loaded on first use, as the documents' sheets are:
// the xlsx writer would slow every start), in the documents' cells: DESIGN "formula-safe" text cells typed as text,
// Dubai wall-clock times, the header row in the brand colour, one shared style object per number format.

const SHARE_FORMAT = '0.0%';
const COUNT_FORMAT = '#,##0';

function valueAndFormat(cell: InsightCell): [string | number | Date | null, string] {
  switch (cell.kind) {
    case 'text':
      return [cell.value, TEXT_FORMAT];
    case 'count':
      return [cell.value, COUNT_FORMAT];
    case 'share':
      return [cell.value, SHARE_FORMAT];
    case 'money':
      return [cell.value, moneyFormat(cell.currency)];
    case 'date': {
      const date = cell.value === null ? null : calendarDate(cell.value);
      return date ? [date, DATE_FORMAT] : [cell.value, TEXT_FORMAT];
    }
    case 'instant': {
      const at = cell.value === null ? null : dubaiWallClock(cell.value);
      return at ? [at, DATE_TIME_FORMAT] : [null, TEXT_FORMAT];
    }
  }
}

// The title (what the table covers), a blank row, the headers (frozen above the rows), then the rows
export async function writeInsightXlsx(
  table: Omit<InsightTable, 'rows'>,
  rows: AsyncIterable<InsightCell[]>,
  out: NodeJS.WritableStream,
): Promise<void> {
  await streamSheet(out, table.sheet.slice(0, 31), 3, async (sheet) => {
    sheet.columns = table.headers.map((header) => ({ width: Math.min(40, Math.max(12, header.length + 4)) }));
    const title = sheet.addRow([table.title]);
    title.getCell(1).style = { ...styleOf(TEXT_FORMAT), font: { bold: true, size: 14 } };
    title.commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(table.headers);
    styleAsHeader(header, true);
    header.commit();
    for await (const cells of rows) {
      const typed = cells.map(valueAndFormat);
      const row = sheet.addRow(typed.map(([value]) => value));
      typed.forEach(([, format], i) => {
        row.getCell(i + 1).style = styleOf(format);
      });
      row.commit();
    }
  });
}
