import type { Language } from '@portal/contract';
import { translator } from '../../lib/i18n.ts';
import { formatDisplayDate, formatMoney } from './document-format.ts';
import type { DocumentIssuer } from './issuer.ts';
import { MARGIN, contentWidth, createPdf, drawBand, drawFooters, fieldGrid } from './pdf-layout.ts';
import { type Column, tableRow, totalsBlock } from './pdf-tables.ts';
import type { StatementXlsxHead, StatementXlsxRow } from './statement-xlsx.ts';

// The statement of a period as a PDF (the balance page's monthly report is the month's statement): the opening
// balance, every entry in balance order with the running balance, the totals and the closing balance. The rows are
// read in batches as the document is written.
export async function renderStatementPdf(
  head: StatementXlsxHead,
  rows: AsyncIterable<StatementXlsxRow>,
  issuer: DocumentIssuer,
  language: Language,
): Promise<Buffer> {
  const t = translator(language, 'documents');
  const money = (minor: number) => formatMoney(minor, head.currency, language);
  const period = `${formatDisplayDate(head.from, language)} — ${formatDisplayDate(head.to, language)}`;
  const { doc, done } = await createPdf({
    title: `${t('statement.title')} ${head.from} ${head.to}`,
    author: issuer.legalName,
    subject: head.agencyName,
    language,
    createdAt: new Date(),
  });
  drawBand(doc, {
    issuerName: issuer.legalName,
    issuerLines: [issuer.address, `${t('trn')}: ${issuer.vatRegistrationNumber}`],
    title: t('statement.title'),
    subtitle: period,
  });
  fieldGrid(
    doc,
    [
      { label: t('statement.agency'), value: head.agencyName, emphasis: true },
      { label: t('statement.period'), value: period },
      { label: t('currency'), value: head.currency.toUpperCase() },
      { label: t('statement.opening'), value: money(head.openingBalanceMinor) },
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
  const headers = ['date', 'description', 'reference', 'debit', 'credit', 'balance'] as const;
  tableRow(
    doc,
    headers.map((column) => t(`statement.columns.${column}`)),
    columns,
    { header: true },
  );
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
    { label: t('statement.opening'), value: money(head.openingBalanceMinor) },
    { label: t('statement.totalDebit'), value: money(debitMinor) },
    { label: t('statement.totalCredit'), value: money(creditMinor) },
    { label: `${t('statement.closing')} (${head.currency.toUpperCase()})`, value: money(closingMinor), kind: 'total' },
  ]);
  doc.x = MARGIN;
  drawFooters(doc, [issuer.legalName, issuer.phone, issuer.email].filter(Boolean).join('  ·  '), (index, total) =>
    t('page', { index, total }),
  );
  doc.end();
  return done;
}
