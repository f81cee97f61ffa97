import type { Worksheet } from 'exceljs';
import { monthKey } from '@portal/contract';
import type { CurrencyCode, Language } from '@portal/contract';
import { type Translate, translator } from '../../lib/i18n.ts';
import { includedVatMinor, minorToMajor } from './document-format.ts';
import { DATE_FORMAT, TEXT_FORMAT, calendarDate, moneyFormat, streamSheet, styleCells } from '../../lib/xlsx-cells.ts';
import { accountLine, accountSheetHead } from './account-sheet.ts';

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

const HEADERS = [
  'date',
  'reference',
  'travelDate',
  'guest',
  'pax',
  'payment',
  'debit',
  'credit',
  'published',
  'margin',
  'vat',
  'balance',
] as const;
// what a row was for: its kind, or for a deposit how it was paid
const METHODS = ['booking', 'refund', 'adjustment', 'commission', 'card', 'bank_transfer', 'deposit'] as const;

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
  const t = translator(language, 'documents');
  await streamSheet(out, t('reconciliation.sheet'), 5, (sheet) => writeSheet(sheet, head, rows, t));
}

async function writeSheet(
  sheet: Worksheet,
  head: ReconciliationHead,
  rows: AsyncIterable<ReconciliationXlsxRow>,
  t: Translate<'documents'>,
): Promise<void> {
  const methods = Object.fromEntries(
    METHODS.map((method) => [method, t(`reconciliation.methods.${method}`)]),
  ) as Record<(typeof METHODS)[number], string>;
  const money = moneyFormat(head.currency);
  sheet.columns = [12, 18, 12, 24, 12, 24, 14, 14, 16, 14, 14, 16].map((width) => ({ width }));
  accountSheetHead(sheet, {
    title: `${t('reconciliation.title')}: ${head.agencyName}`,
    period: [t('reconciliation.month'), monthKey(head)],
    opening: t('reconciliation.opening'),
    openingMinor: head.openingBalanceMinor,
    balanceColumn: 12,
    money,
    headers: HEADERS.map((column) => t(`reconciliation.headers.${column}`)),
  });

  const total = { debit: 0, credit: 0, published: 0, margin: 0, vat: 0 };
  let balance = head.openingBalanceMinor;
  for await (const row of rows) {
    const isSupply = row.kind === 'booking' || row.kind === 'refund';
    const vat = isSupply ? includedVatMinor(-row.amountMinor) : null;
    const margin = marginOf(row);
    const published = row.kind === 'booking' ? row.publishedMinor : null;
    const method = methods[row.kind === 'deposit' && row.topUpMethod ? row.topUpMethod : row.kind];
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
    styleCells(added, [1, 3], DATE_FORMAT);
    styleCells(added, [2, 4, 5, 6], TEXT_FORMAT);
    styleCells(added, [7, 8, 9, 10, 11, 12], money);
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
  accountLine(
    sheet,
    t('reconciliation.totals'),
    { 7: debit, 8: credit, 9: published, 10: margin, 11: vat },
    { money, bold: true },
  );
  accountLine(sheet, t('reconciliation.closing'), { 12: balance }, { money, bold: true });
}
