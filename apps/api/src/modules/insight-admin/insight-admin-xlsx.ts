import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { Style } from 'exceljs';
import type { CurrencyCode } from '@portal/contract';
import type { InsightCell, InsightTable } from './insight-admin-export.ts';

// An Insight table as an xlsx workbook, written as it streams (loaded on first use, as the documents' sheets are:
// the xlsx writer would slow every start). The cells follow the documents' sheets (documents/xlsx-cells.ts, which
// other modules cannot import): DESIGN "formula-safe" text cells typed as text, Dubai wall-clock times, the header
// row in the brand colour, one shared style object per number format.

const TEXT_FORMAT = '@';
const DATE_FORMAT = 'dd mmm, yy';
const DATE_TIME_FORMAT = 'dd mmm, yy hh:mm';
const SHARE_FORMAT = '0.0%';
const COUNT_FORMAT = '#,##0';
const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

const styles = new Map<string, Partial<Style>>();
function styleOf(numFmt: string): Partial<Style> {
  let style = styles.get(numFmt);
  if (!style) {
    style = Object.freeze({ numFmt });
    styles.set(numFmt, style);
  }
  return style;
}
const moneyFormat = (currency: CurrencyCode) =>
  `#,##0.00 "${currency.toUpperCase()}";-#,##0.00 "${currency.toUpperCase()}"`;

function calendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

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
      const at = cell.value === null ? Number.NaN : Date.parse(cell.value);
      return Number.isNaN(at) ? [null, TEXT_FORMAT] : [new Date(at + DUBAI_OFFSET_MS), DATE_TIME_FORMAT];
    }
  }
}

// The title (what the table covers), a blank row, the headers (frozen above the rows), then the rows
export async function writeInsightXlsx(
  table: Omit<InsightTable, 'rows'>,
  rows: AsyncIterable<InsightCell[]>,
  out: NodeJS.WritableStream,
): Promise<void> {
  const zip = new PassThrough();
  const delivered = pipeline(zip, out);
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zip, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 3 }] });
    sheet.columns = table.headers.map((header) => ({ width: Math.min(40, Math.max(12, header.length + 4)) }));
    const title = sheet.addRow([table.title]);
    title.getCell(1).style = { ...styleOf(TEXT_FORMAT), font: { bold: true, size: 14 } };
    title.commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(table.headers);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2637AA' } };
    header.alignment = { vertical: 'middle', wrapText: true };
    header.commit();
    for await (const cells of rows) {
      const typed = cells.map(valueAndFormat);
      const row = sheet.addRow(typed.map(([value]) => value));
      typed.forEach(([, format], i) => {
        row.getCell(i + 1).style = styleOf(format);
      });
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
    await delivered.catch(() => undefined);
    throw error;
  }
  await delivered;
}
