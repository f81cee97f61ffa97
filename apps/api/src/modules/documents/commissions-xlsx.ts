import type ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import type { CommissionRow, CurrencyCode, Language } from '@portal/contract';
import { type Translate, translator } from '../../lib/i18n.ts';
import { BOOKING_COLUMNS, bookingCells } from './booking-columns.ts';
import { minorToMajor, toMinor } from './document-format.ts';
import {
  TEXT_FORMAT,
  addKeyedRow,
  calendarDate,
  moneyFormat,
  keyedColumns,
  streamSheet,
  styleAsHeader,
  styleOf,
  type CellValue,
  type KeyedColumn,
} from '../../lib/xlsx-cells.ts';

const COLUMNS = [
  BOOKING_COLUMNS.reference,
  { key: 'travelDate', width: 13, kind: 'date' },
  { key: 'time', width: 10, kind: 'text' },
  BOOKING_COLUMNS.createdAt,
  BOOKING_COLUMNS.tour,
  BOOKING_COLUMNS.guestName,
  { key: 'adults', width: 10 },
  { key: 'children', width: 10 },
  { key: 'infants', width: 10 },
  BOOKING_COLUMNS.agent,
  { key: 'published', width: 17, kind: 'money' },
  { key: 'net', width: 17, kind: 'money' },
  { key: 'commission', width: 17, kind: 'money' },
] as const satisfies readonly KeyedColumn<string>[];
type ColumnKey = (typeof COLUMNS)[number]['key'];
const MONEY: readonly ColumnKey[] = ['published', 'net', 'commission'];

type Sums = { count: number; publishedMinor: number; netMinor: number; commissionMinor: number };
const MONTH_FORMAT = 'mmm yyyy';

function add<K>(into: Map<K, Sums>, key: K, row: CommissionRow) {
  const sums = into.get(key) ?? { count: 0, publishedMinor: 0, netMinor: 0, commissionMinor: 0 };
  sums.count += 1;
  sums.publishedMinor += toMinor(row.published);
  sums.netMinor += toMinor(row.net);
  sums.commissionMinor += toMinor(row.commission);
  into.set(key, sums);
}

// The commissions as a workbook: one row per completed booking in the list's order, then the totals per travel month
// (newest first) and the grand total, per currency. The totals are summed from the rows written, in minor units, so
// the file always adds up.
export async function writeCommissionsXlsx(
  rows: AsyncIterable<CommissionRow> | Iterable<CommissionRow>,
  language: Language,
  out: NodeJS.WritableStream,
): Promise<void> {
  const t = translator(language, 'documents');
  await streamSheet(out, t('commissions.sheet'), 1, (sheet) => writeSheet(sheet, rows, t));
}

async function writeSheet(
  sheet: Worksheet,
  rows: AsyncIterable<CommissionRow> | Iterable<CommissionRow>,
  t: Translate<'documents'>,
): Promise<void> {
  const header = (key: ColumnKey) => t(`commissions.headers.${key}`);
  keyedColumns(sheet, COLUMNS, header);

  // month (yyyy-MM) → currency → sums; and currency → sums
  const months = new Map<string, Map<CurrencyCode, Sums>>();
  const totals = new Map<CurrencyCode, Sums>();
  for await (const row of rows) {
    // the shared cells last: a literal that starts with a spread is built property by property (decision 0165)
    const values: Record<ColumnKey, CellValue> = {
      travelDate: calendarDate(row.travelDate) ?? row.travelDate,
      time: row.time,
      published: minorToMajor(toMinor(row.published)),
      net: minorToMajor(toMinor(row.net)),
      commission: minorToMajor(toMinor(row.commission)),
      ...bookingCells(row),
    };
    addKeyedRow(sheet, COLUMNS, values, row.currencyCode);
    const month = row.travelDate.slice(0, 7);
    const inMonth = months.get(month) ?? new Map<CurrencyCode, Sums>();
    add(inMonth, row.currencyCode, row);
    months.set(month, inMonth);
    add(totals, row.currencyCode, row);
  }

  sheet.addRow([]).commit();
  const totalsHeader = sheet.addRow(
    COLUMNS.map((column) =>
      column.key === 'reference'
        ? t('commissions.month')
        : column.key === 'adults'
          ? t('commissions.bookings')
          : MONEY.includes(column.key)
            ? header(column.key)
            : null,
    ),
  );
  styleAsHeader(totalsHeader, true);
  totalsHeader.commit();
  const totalRow = (label: string | Date, currency: CurrencyCode, sums: Sums, isGrand: boolean) => {
    const added = sheet.addRow({
      reference: label,
      adults: sums.count,
      published: minorToMajor(sums.publishedMinor),
      net: minorToMajor(sums.netMinor),
      commission: minorToMajor(sums.commissionMinor),
    });
    // a few rows: styles of their own (the shared ones are never changed)
    const font: Partial<ExcelJS.Font> | undefined = isGrand ? { bold: true } : undefined;
    added.getCell('reference').style = {
      numFmt: label instanceof Date ? MONTH_FORMAT : TEXT_FORMAT,
      alignment: { horizontal: 'left' },
      ...(font && { font }),
    };
    if (font) added.getCell('adults').style = { font };
    for (const key of MONEY) added.getCell(key).style = { numFmt: moneyFormat(currency), ...(font && { font }) };
    added.commit();
  };
  for (const month of [...months.keys()].sort().reverse()) {
    const first = calendarDate(`${month}-01`);
    for (const [currency, sums] of months.get(month) ?? []) totalRow(first ?? month, currency, sums, false);
  }
  if (totals.size === 0) {
    const none = sheet.addRow([t('commissions.none')]);
    none.getCell(1).style = styleOf(TEXT_FORMAT);
    none.commit();
  }
  for (const [currency, sums] of totals) totalRow(t('commissions.grandTotal'), currency, sums, true);
}
