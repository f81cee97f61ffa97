import type { Worksheet } from 'exceljs';
import type { CurrencyCode, Language } from '@portal/contract';
import { type Translate, translator } from '../../lib/i18n.ts';
import { minorToMajor } from './document-format.ts';
import {
  DATE_FORMAT,
  TEXT_FORMAT,
  TIME_FORMAT,
  calendarDate,
  dubaiWallClock,
  styleCells,
  moneyFormat,
  streamSheet,
} from '../../lib/xlsx-cells.ts';
import { accountLine, accountSheetHead } from './account-sheet.ts';

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

const HEADERS = ['date', 'time', 'description', 'reference', 'debit', 'credit', 'balance'] as const;

// The daily statement as a workbook: the period and opening balance, one row per ledger entry with the running
// balance, the totals and the closing balance. Amounts are numbers in the account currency's format.
export async function writeStatementXlsx(
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  language: Language,
  out: NodeJS.WritableStream,
): Promise<void> {
  const t = translator(language, 'documents');
  await streamSheet(out, t('statementSheet.sheet'), 5, (sheet) => writeSheet(sheet, head, rows, t));
}

async function writeSheet(
  sheet: Worksheet,
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  t: Translate<'documents'>,
): Promise<void> {
  const money = moneyFormat(head.currency);
  sheet.columns = [12, 9, 60, 18, 16, 16, 18].map((width) => ({ width }));
  accountSheetHead(sheet, {
    title: `${t('statementSheet.title')}: ${head.agencyName}`,
    period: [t('statementSheet.period'), null, `${head.from} — ${head.to}`],
    opening: t('statementSheet.opening'),
    openingMinor: head.openingBalanceMinor,
    balanceColumn: 7,
    money,
    headers: HEADERS.map((column) => t(`statementSheet.headers.${column}`)),
  });

  let debit = 0;
  let credit = 0;
  let balance = head.openingBalanceMinor;
  for await (const row of rows) {
    const added = sheet.addRow([
      calendarDate(row.date) ?? row.date,
      dubaiWallClock(row.createdAt),
      row.description,
      row.reference ?? '',
      row.amountMinor < 0 ? minorToMajor(-row.amountMinor) : null,
      row.amountMinor > 0 ? minorToMajor(row.amountMinor) : null,
      minorToMajor(row.balanceAfterMinor),
    ]);
    styleCells(added, [1], DATE_FORMAT);
    styleCells(added, [2], TIME_FORMAT);
    styleCells(added, [3, 4], TEXT_FORMAT);
    styleCells(added, [5, 6, 7], money);
    added.commit();
    if (row.amountMinor < 0) debit += -row.amountMinor;
    else credit += row.amountMinor;
    balance = row.balanceAfterMinor;
  }
  sheet.addRow([]).commit();
  accountLine(sheet, t('statementSheet.totals'), { 5: debit, 6: credit }, { money, bold: true });
  accountLine(sheet, t('statementSheet.closing'), { 7: balance }, { money, bold: true });
}
