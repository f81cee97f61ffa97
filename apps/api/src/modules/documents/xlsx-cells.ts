import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CurrencyCode } from '@portal/contract';
import type { Style } from 'exceljs';

// Cells and streaming shared by the xlsx exports (bookings, statement)

// DESIGN "formula-safe": every text cell is a typed string cell in the Text number format ('@'), the way a spreadsheet
// keeps '+971 50 123 4567' or '=SUM(A1)' as text: nothing runs as a formula when the file opens or when a cell is
// edited, and no literal quote character shows in the value.
export const TEXT_FORMAT = '@';
export const DATE_FORMAT = 'dd mmm, yy';
export const DATE_TIME_FORMAT = 'dd mmm, yy hh:mm';

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

// Excel dates have no time zone: store the Asia/Dubai wall-clock time (UTC+4, no daylight saving).
export function dubaiWallClock(iso: string): Date | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime() + DUBAI_OFFSET_MS);
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
