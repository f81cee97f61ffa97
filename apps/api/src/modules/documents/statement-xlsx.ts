import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CurrencyCode, Language } from '@portal/contract';
import { minorToMajor } from './document-format.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, TEXT_FORMAT, calendarDate, moneyFormat, streamWorkbook } from './xlsx-cells.ts';

export type StatementXlsxRow = {
  createdAt: Date;
  date: string;
  description: string;
  reference: string | null;
  amountMinor: number;
  balanceAfterMinor: number;
};
export type StatementXlsxHead = {
  agencyName: string;
  currency: CurrencyCode;
  from: string;
  to: string;
  openingBalanceMinor: number;
};

const TEXTS = {
  en: {
    sheet: 'Statement',
    title: 'Statement',
    period: 'Period',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: 'Totals',
    headers: ['Date', 'Time', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'],
  },
  ru: {
    sheet: 'Выписка',
    title: 'Выписка по счёту',
    period: 'Период',
    opening: 'Входящий остаток',
    closing: 'Исходящий остаток',
    totals: 'Итого',
    headers: ['Дата', 'Время', 'Описание', 'Номер', 'Списание', 'Зачисление', 'Остаток'],
  },
} as const;

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

// The daily statement as a workbook: the period and opening balance, one row per ledger entry with the running
// balance, the totals and the closing balance. Amounts are numbers in the account currency's format.
export async function writeStatementXlsx(
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  language: Language,
  out: NodeJS.WritableStream,
): Promise<void> {
  await streamWorkbook(out, (zip) => writeWorkbook(head, rows, language, zip));
}

async function writeWorkbook(
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  language: Language,
  stream: PassThrough,
): Promise<void> {
  const t = TEXTS[language];
  const money = moneyFormat(head.currency);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 5 }] });
  sheet.columns = [12, 9, 60, 18, 16, 16, 18].map((width) => ({ width }));
  const text = (row: ExcelJS.Row, columns: number[]) => {
    for (const column of columns) row.getCell(column).numFmt = TEXT_FORMAT;
  };

  const title = sheet.addRow([`${t.title}: ${head.agencyName}`]);
  title.font = { bold: true, size: 14 };
  text(title, [1]);
  title.commit();
  const period = sheet.addRow([t.period, null, `${head.from} — ${head.to}`]);
  text(period, [1, 3]);
  period.commit();
  const opening = sheet.addRow([t.opening, null, null, null, null, null, minorToMajor(head.openingBalanceMinor)]);
  opening.getCell(7).numFmt = money;
  text(opening, [1]);
  opening.commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow([...t.headers]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2637AA' } };
  header.commit();

  let debit = 0;
  let credit = 0;
  let balance = head.openingBalanceMinor;
  for await (const row of rows) {
    const wallClock = new Date(row.createdAt.getTime() + DUBAI_OFFSET_MS);
    const added = sheet.addRow([
      calendarDate(row.date) ?? row.date,
      wallClock,
      row.description,
      row.reference ?? '',
      row.amountMinor < 0 ? minorToMajor(-row.amountMinor) : null,
      row.amountMinor > 0 ? minorToMajor(row.amountMinor) : null,
      minorToMajor(row.balanceAfterMinor),
    ]);
    added.getCell(1).numFmt = DATE_FORMAT;
    added.getCell(2).numFmt = DATE_TIME_FORMAT.split(' ').pop() ?? 'hh:mm';
    text(added, [3, 4]);
    for (const column of [5, 6, 7]) added.getCell(column).numFmt = money;
    added.commit();
    if (row.amountMinor < 0) debit += -row.amountMinor;
    else credit += row.amountMinor;
    balance = row.balanceAfterMinor;
  }
  sheet.addRow([]).commit();
  const totals = sheet.addRow([t.totals, null, null, null, minorToMajor(debit), minorToMajor(credit), null]);
  totals.font = { bold: true };
  text(totals, [1]);
  for (const column of [5, 6]) totals.getCell(column).numFmt = money;
  totals.commit();
  const closing = sheet.addRow([t.closing, null, null, null, null, null, minorToMajor(balance)]);
  closing.font = { bold: true };
  closing.getCell(7).numFmt = money;
  text(closing, [1]);
  closing.commit();
  sheet.commit();
  await workbook.commit();
}
