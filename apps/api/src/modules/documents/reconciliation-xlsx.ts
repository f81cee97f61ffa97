import type { PassThrough } from 'node:stream';
import { monthKey } from '@portal/contract';
import type { CurrencyCode, Language } from '@portal/contract';
import { includedVatMinor, minorToMajor } from './document-format.ts';
import {
  DATE_FORMAT,
  TEXT_FORMAT,
  accountLine,
  accountSheetHead,
  calendarDate,
  formatCells,
  moneyFormat,
  streamWorkbook,
  streamingSheet,
} from './xlsx-cells.ts';

export type ReconciliationXlsxRow = {
  kind: 'deposit' | 'booking' | 'refund' | 'adjustment' | 'commission';
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
      commission: 'Widget margin',
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
      commission: 'Маржа виджета',
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
  const { workbook, sheet } = streamingSheet(stream, t.sheet, 5);
  sheet.columns = [12, 18, 12, 24, 12, 24, 14, 14, 16, 14, 14, 16].map((width) => ({ width }));
  accountSheetHead(sheet, {
    title: `${t.title}: ${head.agencyName}`,
    period: [t.month, monthKey(head)],
    opening: t.opening,
    openingMinor: head.openingBalanceMinor,
    balanceColumn: 12,
    money,
    headers: t.headers,
  });

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
    formatCells(added, [2, 4, 5, 6], TEXT_FORMAT);
    formatCells(added, [7, 8, 9, 10, 11, 12], money);
    added.commit();
    if (row.amountMinor < 0) total.debit -= row.amountMinor;
    else total.credit += row.amountMinor;
    total.published += published ?? 0;
    total.margin += margin ?? 0;
    total.vat += vat ?? 0;
    balance = row.balanceAfterMinor;
  }
  sheet.addRow([]).commit();
  const { debit, credit, published, margin, vat } = total;
  accountLine(sheet, t.totals, { 7: debit, 8: credit, 9: published, 10: margin, 11: vat }, { money, bold: true });
  accountLine(sheet, t.closing, { 12: balance }, { money, bold: true });
  sheet.commit();
  await workbook.commit();
}
