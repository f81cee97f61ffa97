import type { Language } from '@portal/contract';
import { formatDisplayDate, formatMoney } from './document-format.ts';
import { documentLabels } from './document-labels.ts';
import type { DocumentIssuer } from './issuer.ts';
import { MARGIN, contentWidth, createPdf, drawBand, drawFooters, fieldGrid } from './pdf-layout.ts';
import { type Column, tableRow, totalsBlock } from './pdf-tables.ts';
import type { StatementXlsxHead, StatementXlsxRow } from './statement-xlsx.ts';

const TEXTS = {
  en: {
    title: 'Statement',
    agency: 'Agency',
    period: 'Period',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totalDebit: 'Total debit',
    totalCredit: 'Total credit',
    columns: ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'],
  },
  ru: {
    title: 'Выписка по счёту',
    agency: 'Агентство',
    period: 'Период',
    opening: 'Входящий остаток',
    closing: 'Исходящий остаток',
    totalDebit: 'Итого списано',
    totalCredit: 'Итого зачислено',
    columns: ['Дата', 'Описание', 'Номер', 'Списание', 'Зачисление', 'Остаток'],
  },
} as const;

// The statement of a period as a PDF (the balance page's monthly report is the month's statement): the opening
// balance, every entry in balance order with the running balance, the totals and the closing balance. The rows are
// read in batches as the document is written.
export async function renderStatementPdf(
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  issuer: DocumentIssuer,
  language: Language,
): Promise<Buffer> {
  const t = TEXTS[language];
  const labels = documentLabels(language);
  const money = (minor: number) => formatMoney(minor, head.currency, language);
  const period = `${formatDisplayDate(head.from, language)} — ${formatDisplayDate(head.to, language)}`;
  const { doc, done } = await createPdf({
    title: `${t.title} ${head.from} ${head.to}`,
    author: issuer.legalName,
    subject: head.agencyName,
    language,
    createdAt: new Date(),
  });
  drawBand(doc, {
    issuerName: issuer.legalName,
    issuerLines: [issuer.address, `${labels.trn}: ${issuer.vatRegistrationNumber}`],
    title: t.title,
    subtitle: period,
  });
  fieldGrid(
    doc,
    [
      { label: t.agency, value: head.agencyName, emphasis: true },
      { label: t.period, value: period },
      { label: labels.currency, value: head.currency.toUpperCase() },
      { label: t.opening, value: money(head.openingBalanceMinor) },
    ],
    4,
    { weights: [1.6, 1.4, 0.7, 1.1] },
  );

  const width = contentWidth(doc);
  const amountWidth = 82;
  const columns: Column[] = [
    { width: 64, align: 'left' },
    { width: width - 64 - 86 - 3 * amountWidth, align: 'left' },
    { width: 86, align: 'left' },
    { width: amountWidth, align: 'right' },
    { width: amountWidth, align: 'right' },
    { width: amountWidth, align: 'right' },
  ];
  tableRow(doc, [...t.columns], columns, { header: true });
  let debitMinor = 0;
  let creditMinor = 0;
  let closingMinor = head.openingBalanceMinor;
  for await (const row of rows) {
    if (row.amountMinor < 0) debitMinor -= row.amountMinor;
    else creditMinor += row.amountMinor;
    closingMinor = row.balanceAfterMinor;
    tableRow(
      doc,
      [
        formatDisplayDate(row.date, language),
        row.description,
        row.reference ?? '',
        row.amountMinor < 0 ? money(-row.amountMinor) : '',
        row.amountMinor > 0 ? money(row.amountMinor) : '',
        money(row.balanceAfterMinor),
      ],
      columns,
      {},
    );
  }
  totalsBlock(doc, [
    { label: t.opening, value: money(head.openingBalanceMinor) },
    { label: t.totalDebit, value: money(debitMinor) },
    { label: t.totalCredit, value: money(creditMinor) },
    { label: `${t.closing} (${head.currency.toUpperCase()})`, value: money(closingMinor), kind: 'total' },
  ]);
  doc.x = MARGIN;
  drawFooters(doc, [issuer.legalName, issuer.phone, issuer.email].filter(Boolean).join('  ·  '), labels.page);
  doc.end();
  return done;
}
