import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CurrencyCode } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Row, Style, Worksheet } from 'exceljs';

// Cells, header rows and streaming for every xlsx the API writes (the documents' exports, the Insight pages' tables).
// It imports the xlsx writer: only a file loaded on first use may import it, never one loaded at start-up.

// DESIGN "formula-safe": every text cell is a typed string cell in the Text number format ('@'), the way a spreadsheet
// keeps '+971 50 123 4567' or '=SUM(A1)' as text: nothing runs as a formula when the file opens or when a cell is
// edited, and no literal quote character shows in the value.
export const TEXT_FORMAT = '@';
export const GENERAL_FORMAT = 'General';
export const DATE_FORMAT = 'dd mmm, yy';
export const TIME_FORMAT = 'hh:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

// Excel dates have no time zone: store the Asia/Dubai wall-clock time (UTC+4, no daylight saving).
export function dubaiWallClock(at: string | Date): Date | null {
  const time = new Date(at).getTime();
  return Number.isNaN(time) ? null : new Date(time + DUBAI_OFFSET_MS);
}

export function calendarDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

// One style object per number format, shared by every cell that has it: exceljs registers a style once per object
// (a WeakMap), where `cell.numFmt = …` makes a new object per cell and costs more than the rest of a row's writing
const styles = new Map<string, Partial<Style>>();
export function styleOf(numFmt: string): Partial<Style> {
  let style = styles.get(numFmt);
  if (!style) {
    style = Object.freeze({ numFmt });
    styles.set(numFmt, style);
  }
  return style;
}

export function moneyFormat(currency: CurrencyCode): string {
  return `#,##0.00 "${currency.toUpperCase()}";-#,##0.00 "${currency.toUpperCase()}"`;
}

// Writes a workbook into `out` as it is made: exceljs wants a full stream.Stream; the pipeline also ends `out` and
// reports its errors
export async function streamWorkbook(out: NodeJS.WritableStream, write: (zip: PassThrough) => Promise<void>) {
  const zip = new PassThrough();
  const delivered = pipeline(zip, out);
  try {
    await write(zip);
  } catch (error) {
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
    await delivered.catch(() => undefined);
    throw error;
  }
  await delivered;
}

// A one-sheet workbook written into `out` as it is made, frozen above its first `frozenRows` rows: `fill` adds and
// commits the rows, then the sheet and the workbook are closed
export async function streamSheet(
  out: NodeJS.WritableStream,
  name: string,
  frozenRows: number,
  fill: (sheet: Worksheet) => Promise<void>,
): Promise<void> {
  await streamWorkbook(out, async (stream) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: frozenRows }] });
    await fill(sheet);
    sheet.commit();
    await workbook.commit();
  });
}

// A keyed column: its width and what its cells hold. 'text': formula-safe text; 'money': amounts in the row's
// currency; 'date' and 'dateTime': a calendar date or a Dubai time, or the text it was when unreadable; none: numbers
export type KeyedColumn<K extends string> = { key: K; width: number; kind?: 'text' | 'money' | 'date' | 'dateTime' };
export type CellValue = string | number | Date | null;

// Columns named by key with their widths, under a tall header row of their labels
export function keyedColumns<K extends string>(
  sheet: Worksheet,
  columns: readonly KeyedColumn<K>[],
  label: (key: K) => string,
): void {
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }));
  const header = sheet.addRow(columns.map((column) => label(column.key)));
  styleAsHeader(header, true);
  header.height = 30;
  header.commit();
}

// One row of keyed columns, each cell in its column's format (money in `currency`), committed
export function addKeyedRow<K extends string>(
  sheet: Worksheet,
  columns: readonly KeyedColumn<K>[],
  values: Record<K, CellValue>,
  currency: CurrencyCode,
): void {
  const added = sheet.addRow(columns.map((column) => values[column.key]));
  const money = moneyFormat(currency);
  for (const { key, kind } of columns) {
    const cell = added.getCell(key);
    // a number's cell too: a cell left to its column gets a style object of its own, which the writer then renders
    // to find its index (a tenth of a 50,000-row export); 'General' is the index the default gives it
    if (kind === undefined) cell.style = styleOf(GENERAL_FORMAT);
    else if (kind === 'text') cell.style = styleOf(TEXT_FORMAT);
    else if (kind === 'money') cell.style = styleOf(money);
    else if (!(cell.value instanceof Date)) cell.style = styleOf(TEXT_FORMAT);
    else cell.style = styleOf(kind === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT);
  }
  added.commit();
}

// A number format on cells that may carry more (a header's or a total's font and fill): each cell gets a style of its
// own, which the writer renders to find its index, so for the few rows around a sheet's data
export function formatCells(row: Row, columns: number[], numFmt: string): void {
  for (const column of columns) row.getCell(column).numFmt = numFmt;
}

// The same for a data row's cells, which carry nothing but their format: one shared style per format (styleOf), which
// the writer looks up once. 50,000 rows written alone: a statement 1,317-1,460 ms with formatCells, 861-872 ms with
// this; a reconciliation 1,822-1,998 ms and 880-1,423 ms.
export function styleCells(row: Row, columns: number[], numFmt: string): void {
  const style = styleOf(numFmt);
  for (const column of columns) row.getCell(column).style = style;
}

// Column headers in white on the brand colour (`tall`: two lines, for long names)
export function styleAsHeader(row: Row, tall = false): void {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2637AA' } };
  if (tall) row.alignment = { vertical: 'middle', wrapText: true };
}
