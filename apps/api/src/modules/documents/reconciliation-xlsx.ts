import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CurrencyCode, Language } from '@portal/contract';
import { includedVatMinor, minorToMajor } from './document-format.ts';
import { DATE_FORMAT, TEXT_FORMAT, calendarDate, moneyFormat, streamWorkbook } from './xlsx-cells.ts';

export type ReconciliationXlsxRow = {
  kind: 'deposit' | 'booking' | 'refund' | 'adjustment';
  entryDate: string;
  reference: string;
  serviceDate: string | null;
  guest: string;
  pax: string;
  amountMinor: number;
  publishedMinor: number | null;
  netMinor: number | null;
  topUpMethod: 'card' | 'bank_transfer' | null;
  balanceAfterMinor: number;
};
export type ReconciliationHead = {
  agencyName: string;
  currency: CurrencyCode;
  year: number;
  month: number;
  openingBalanceMinor: number;
};

const TEXTS = {
  en: {
    sheet: 'Reconciliation',
    title: 'Reconciliation',
    month: 'Month',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: 'Totals',
    headers: [
      'Date',
      'Reference',
      'Travel date',
      'Guest',
      'Pax (A/C/I)',
      'Payment',
      'Debit',
      'Credit',
      'Published',
      'Margin',
      'VAT incl.',
      'Balance',
    ],
    methods: {
      booking: 'Booking from balance',
      refund: 'Refund to balance',
      adjustment: 'Adjustment',
      card: 'Top-up by card',
      bank_transfer: 'Top-up by bank transfer',
      deposit: 'Deposit',
    },
  },
  ru: {
    sheet: 'Сверка',
    title: 'Акт сверки',
    month: 'Месяц',
    opening: 'Входящий остаток',
    closing: 'Исходящий остаток',
    totals: 'Итого',
    headers: [
      'Дата',
      'Номер',
      'Дата тура',
      'Гость',
      'Чел. (В/Д/М)',
      'Оплата',
      'Списание',
      'Зачисление',
      'Опубликованная цена',
      'Маржа',
      'В т. ч. НДС',
      'Остаток',
    ],
    methods: {
      booking: 'Бронирование с баланса',
      refund: 'Возврат на баланс',
      adjustment: 'Корректировка',
      card: 'Пополнение картой',
      bank_transfer: 'Пополнение переводом',
      deposit: 'Пополнение',
    },
  },
} as const;

// What a row earned the agency: a booking's published − net price; its refund takes the sale back
function marginOf(row: ReconciliationXlsxRow): number | null {
  if (row.publishedMinor === null || row.netMinor === null) return null;
  if (row.kind === 'booking') return row.publishedMinor - row.netMinor;
  if (row.kind === 'refund') return -(row.publishedMinor - row.netMinor);
  return null;
}

// Issue "Agency money" 8: one sheet per month — every ledger entry with what it was for, the published price, the
// margin, the VAT included and the running balance; its debit and credit totals are the statement's
export async function writeReconciliationXlsx(
  head: ReconciliationHead,
  rows: AsyncIterable<ReconciliationXlsxRow>,
  language: Language,
  out: NodeJS.WritableStream,
): Promise<void> {
  await streamWorkbook(out, (zip) => writeWorkbook(head, rows, language, zip));
}

async function writeWorkbook(
  head: ReconciliationHead,
  rows: AsyncIterable<ReconciliationXlsxRow>,
  language: Language,
  stream: PassThrough,
): Promise<void> {
  const t = TEXTS[language];
  const money = moneyFormat(head.currency);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 5 }] });
  sheet.columns = [12, 18, 12, 24, 12, 24, 14, 14, 16, 14, 14, 16].map((width) => ({ width }));
  const asText = (row: ExcelJS.Row, columns: number[]) => {
    for (const column of columns) row.getCell(column).numFmt = TEXT_FORMAT;
  };
  const asMoney = (row: ExcelJS.Row, columns: number[]) => {
    for (const column of columns) row.getCell(column).numFmt = money;
  };

  const title = sheet.addRow([`${t.title}: ${head.agencyName}`]);
  title.font = { bold: true, size: 14 };
  asText(title, [1]);
  title.commit();
  const month = sheet.addRow([t.month, `${head.year}-${String(head.month).padStart(2, '0')}`]);
  asText(month, [1, 2]);
  month.commit();
  const opening = sheet.addRow([t.opening, ...Array(10).fill(null), minorToMajor(head.openingBalanceMinor)]);
  asText(opening, [1]);
  asMoney(opening, [12]);
  opening.commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow([...t.headers]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2637AA' } };
  header.commit();

  const total = { debit: 0, credit: 0, published: 0, margin: 0, vat: 0 };
  let balance = head.openingBalanceMinor;
  for await (const row of rows) {
    const isSupply = row.kind === 'booking' || row.kind === 'refund';
    const vat = isSupply ? includedVatMinor(-row.amountMinor) : null;
    const margin = marginOf(row);
    const published = row.kind === 'booking' ? row.publishedMinor : null;
    const method = row.kind === 'deposit' && row.topUpMethod ? t.methods[row.topUpMethod] : t.methods[row.kind];
    const added = sheet.addRow([
      calendarDate(row.entryDate) ?? row.entryDate,
      row.reference,
      row.serviceDate ? calendarDate(row.serviceDate) : null,
      row.guest,
      row.pax,
      method,
      row.amountMinor < 0 ? minorToMajor(-row.amountMinor) : null,
      row.amountMinor > 0 ? minorToMajor(row.amountMinor) : null,
      published === null ? null : minorToMajor(published),
      margin === null ? null : minorToMajor(margin),
      vat === null ? null : minorToMajor(vat),
      minorToMajor(row.balanceAfterMinor),
    ]);
    for (const column of [1, 3]) added.getCell(column).numFmt = DATE_FORMAT;
    asText(added, [2, 4, 5, 6]);
    asMoney(added, [7, 8, 9, 10, 11, 12]);
    added.commit();
    if (row.amountMinor < 0) total.debit -= row.amountMinor;
    else total.credit += row.amountMinor;
    total.published += published ?? 0;
    total.margin += margin ?? 0;
    total.vat += vat ?? 0;
    balance = row.balanceAfterMinor;
  }
  sheet.addRow([]).commit();
  const totals = sheet.addRow([
    t.totals,
    ...Array(5).fill(null),
    minorToMajor(total.debit),
    minorToMajor(total.credit),
    minorToMajor(total.published),
    minorToMajor(total.margin),
    minorToMajor(total.vat),
    null,
  ]);
  totals.font = { bold: true };
  asText(totals, [1]);
  asMoney(totals, [7, 8, 9, 10, 11]);
  totals.commit();
  const closing = sheet.addRow([t.closing, ...Array(10).fill(null), minorToMajor(balance)]);
  closing.font = { bold: true };
  asText(closing, [1]);
  asMoney(closing, [12]);
  closing.commit();
  sheet.commit();
  await workbook.commit();
}
