import { AED_PER_USD } from '@portal/contract';
import { SHORT_MONTHS } from '@portal/contract/plain';
import type { CurrencyCode, Language } from '@portal/contract';
import { translator, type Translate } from '../../lib/i18n.ts';
import {
  dubaiDateTime,
  formatDecimal,
  formatDisplayDate,
  formatMoney,
  UAE_VAT_PERCENT,
  vatInAedMinor,
} from './document-format.ts';
import {
  COLORS,
  MARGIN,
  contentWidth,
  createPdf,
  drawBand,
  drawFooters,
  fieldGrid,
  paragraph,
  sectionTitle,
} from './pdf-layout.ts';
import { type Column, type TotalRow, party, tableRow, totalsBlock } from './pdf-tables.ts';
import type { TaxInvoiceLineJson, TaxInvoicePartyJson } from '../../db/schema/index.ts';

// a party and a line as the tax invoice keeps them, less the ids the PDF does not print
export type InvoicePartyInput = TaxInvoicePartyJson;
export type MonthlyInvoiceLineInput = Omit<TaxInvoiceLineJson, 'entryId' | 'bookingId'>;
export type MonthlyInvoiceInput = {
  // tax: the numbered UAE tax invoice; proforma: what the month bills so far, not a tax invoice
  kind: 'tax' | 'proforma';
  number: string | null;
  issuedAt: Date;
  year: number;
  month: number;
  // proforma: the day the tax invoice comes
  availableFrom: string;
  issuer: InvoicePartyInput;
  customer: InvoicePartyInput;
  currency: CurrencyCode;
  language: Language;
  lines: MonthlyInvoiceLineInput[];
  totalMinor: number;
  vatMinor: number;
};

// "2/1/0" (adults/children/infants) as "Adults 2, Children 1"
function people(pax: string, t: Translate<'documents'>): string {
  const [adults = 0, children = 0, infants = 0] = pax.split('/').map(Number);
  return [
    adults ? `${t('adults')} ${adults}` : '',
    children ? `${t('children')} ${children}` : '',
    infants ? `${t('infants')} ${infants}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function title(input: MonthlyInvoiceInput, t: Translate<'documents'>): string {
  if (input.kind === 'proforma') return t('monthlyInvoice.proforma');
  return input.totalMinor < 0 ? t('monthlyInvoice.creditNote') : t('taxInvoice');
}

// SPEC §9 the month's tax invoice (or its proforma): both parties with their TRN, the supplies charged to the balance
// one line each, the taxable amount, VAT 5 % and the total; VAT also in AED when the account is in USD (FTA).
export async function renderMonthlyInvoicePdf(input: MonthlyInvoiceInput): Promise<Buffer> {
  const { language, currency } = input;
  const t = translator(language, 'documents');
  const money = (minor: number) => formatMoney(minor, currency, language);
  const period = `${SHORT_MONTHS[language][input.month - 1] ?? input.month} ${input.year}`;
  const heading = title(input, t);
  const { doc, done } = await createPdf({
    title: `${heading} ${input.number ?? period}`,
    author: input.issuer.name,
    subject: period,
    language,
    createdAt: input.issuedAt,
  });

  const subtitle =
    input.kind === 'proforma'
      ? t('monthlyInvoice.notTaxInvoice')
      : t('taxInvoiceSubtitle', { reference: input.number ?? '' });
  drawBand(doc, {
    issuerName: input.issuer.name,
    issuerLines: [input.issuer.address, `${t('trn')}: ${input.issuer.trn}`],
    title: heading,
    subtitle,
  });

  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  const top = doc.y;
  const supplierBottom = party(doc, MARGIN, top, half, t('supplier'), input.issuer.name, [
    input.issuer.address,
    `${t('trn')}: ${input.issuer.trn}`,
    input.issuer.tradeLicence ? `${t('tradeLicence')}: ${input.issuer.tradeLicence}` : '',
    input.issuer.contacts ?? '',
  ]);
  const customerBottom = party(doc, MARGIN + half + 24, top, half, t('billTo'), input.customer.name, [
    input.customer.address,
    input.customer.trn ? `${t('trn')}: ${input.customer.trn}` : '',
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(supplierBottom, customerBottom) + 18;

  fieldGrid(
    doc,
    [
      { label: t('invoiceNumber'), value: input.number ?? '—' },
      { label: t('issueDate'), value: formatDisplayDate(dubaiDateTime(input.issuedAt).date, language) },
      { label: t('monthlyInvoice.period'), value: period },
      { label: t('currency'), value: currency.toUpperCase() },
    ],
    4,
  );

  sectionTitle(doc, t('monthlyInvoice.supplies'));
  const columns: Column[] = [
    { width: 72, align: 'left' },
    { width: 116, align: 'left' },
    { width: width - 72 - 116 - 100, align: 'left' },
    { width: 100, align: 'right' },
  ];
  tableRow(
    doc,
    (['date', 'reference', 'service', 'amount'] as const).map((column) => t(`monthlyInvoice.columns.${column}`)),
    columns,
    { header: true },
  );
  for (const line of input.lines) {
    const service = [
      line.kind === 'refund' ? t('monthlyInvoice.refund') : '',
      [line.tour, line.option].filter(Boolean).join(' · '),
      [line.serviceDate ? formatDisplayDate(line.serviceDate, language) : '', line.guest, people(line.pax, t)]
        .filter(Boolean)
        .join(' · '),
    ]
      .filter(Boolean)
      .join('\n');
    tableRow(
      doc,
      [formatDisplayDate(line.entryDate, language), line.reference, service, money(line.amountMinor)],
      columns,
      {},
    );
  }

  const rows: TotalRow[] = [
    {
      label: t('monthlyInvoice.taxable', { percent: UAE_VAT_PERCENT }),
      value: money(input.totalMinor - input.vatMinor),
    },
    { label: t('monthlyInvoice.vat', { percent: UAE_VAT_PERCENT }), value: money(input.vatMinor) },
    { label: `${t('total')} (${currency.toUpperCase()})`, value: money(input.totalMinor), kind: 'total' },
  ];
  if (currency !== 'aed') {
    const vatAed = vatInAedMinor(input.vatMinor, currency);
    const rate = formatDecimal(AED_PER_USD, language);
    rows.push({ label: t('vatInAed', { rate }), value: formatMoney(vatAed, 'aed', language), kind: 'note' });
  }
  totalsBlock(doc, rows);

  doc.y += 18;
  const note =
    input.kind === 'proforma'
      ? t('monthlyInvoice.proformaNote', { date: formatDisplayDate(input.availableFrom, language) })
      : t('monthlyInvoice.taxNote');
  paragraph(doc, note, { size: 8.5, color: COLORS.muted });

  drawFooters(doc, [input.issuer.name, input.issuer.contacts].filter(Boolean).join('  ·  '), (index, total) =>
    t('page', { index, total }),
  );
  doc.end();
  return done;
}
