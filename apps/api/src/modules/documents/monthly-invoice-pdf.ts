import { AED_PER_USD } from '@portal/contract';
import { SHORT_MONTHS } from '@portal/contract/plain';
import type { CurrencyCode, Language } from '@portal/contract';
import { divideHalfUp, dubaiDateTime, formatDisplayDate, formatMoney, UAE_VAT_PERCENT } from './document-format.ts';
import { documentLabels, type DocumentLabels } from './document-labels.ts';
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

export type InvoicePartyInput = {
  name: string;
  address: string;
  trn: string;
  tradeLicence?: string;
  contacts?: string;
};
export type MonthlyInvoiceLineInput = {
  reference: string;
  kind: 'booking' | 'refund';
  entryDate: string;
  serviceDate: string | null;
  tour: string;
  option: string;
  guest: string;
  pax: string;
  amountMinor: number;
};
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

const TEXTS = {
  en: {
    creditNote: 'Tax Credit Note',
    proforma: 'Proforma Invoice',
    notTaxInvoice: 'Not a tax invoice',
    period: 'Period',
    supplies: 'Services charged to the company balance',
    columns: ['Date', 'Reference', 'Service', 'Amount'],
    refund: 'Cancellation refund',
    taxable: `Taxable amount (excl. VAT ${UAE_VAT_PERCENT} %)`,
    vat: `VAT ${UAE_VAT_PERCENT} %`,
    taxNote:
      'Amounts are net agency prices including VAT. This invoice covers the bookings paid from the company balance in the month, less the refunds of their cancellations; bookings paid by card are invoiced one by one.',
    proformaNote: (date: string) =>
      `This proforma lists what has been charged to the balance so far and is not a tax invoice. The tax invoice for the month is issued from ${date}.`,
  },
  ru: {
    creditNote: 'Налоговый кредит-нот',
    proforma: 'Счёт-проформа',
    notTaxInvoice: 'Не является налоговым счётом',
    period: 'Период',
    supplies: 'Услуги, оплаченные с баланса компании',
    columns: ['Дата', 'Номер', 'Услуга', 'Сумма'],
    refund: 'Возврат за отмену',
    taxable: `Облагаемая сумма (без НДС ${UAE_VAT_PERCENT} %)`,
    vat: `НДС ${UAE_VAT_PERCENT} %`,
    taxNote:
      'Суммы указаны по ценам нетто для агентства, включая НДС. Счёт включает бронирования, оплаченные с баланса компании в этом месяце, за вычетом возвратов по их отменам; бронирования, оплаченные картой, выставляются отдельными счетами.',
    proformaNote: (date: string) =>
      `Проформа показывает списания с баланса на сегодня и не является налоговым счётом. Налоговый счёт за месяц выставляется с ${date}.`,
  },
} as const;

// "2/1/0" (adults/children/infants) as "Adults 2, Children 1"
function people(pax: string, labels: DocumentLabels): string {
  const [adults = 0, children = 0, infants = 0] = pax.split('/').map(Number);
  return [
    adults ? `${labels.adults} ${adults}` : '',
    children ? `${labels.children} ${children}` : '',
    infants ? `${labels.infants} ${infants}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function title(input: MonthlyInvoiceInput, taxInvoice: string): string {
  const t = TEXTS[input.language];
  if (input.kind === 'proforma') return t.proforma;
  return input.totalMinor < 0 ? t.creditNote : taxInvoice;
}

// SPEC §9 the month's tax invoice (or its proforma): both parties with their TRN, the supplies charged to the balance
// one line each, the taxable amount, VAT 5 % and the total; VAT also in AED when the account is in USD (FTA).
export async function renderMonthlyInvoicePdf(input: MonthlyInvoiceInput): Promise<Buffer> {
  const { language, currency } = input;
  const labels = documentLabels(language);
  const t = TEXTS[language];
  const money = (minor: number) => formatMoney(minor, currency, language);
  const period = `${SHORT_MONTHS[language][input.month - 1] ?? input.month} ${input.year}`;
  const heading = title(input, labels.taxInvoice);
  const { doc, done } = await createPdf({
    title: `${heading} ${input.number ?? period}`,
    author: input.issuer.name,
    subject: period,
    language,
    createdAt: input.issuedAt,
  });

  const subtitle =
    input.kind === 'proforma'
      ? t.notTaxInvoice
      : language === 'ru'
        ? `Tax Invoice  ·  № ${input.number ?? ''}`
        : `№ ${input.number ?? ''}`;
  drawBand(doc, {
    issuerName: input.issuer.name,
    issuerLines: [input.issuer.address, `${labels.trn}: ${input.issuer.trn}`],
    title: heading,
    subtitle,
  });

  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  const top = doc.y;
  const supplierBottom = party(doc, MARGIN, top, half, labels.supplier, input.issuer.name, [
    input.issuer.address,
    `${labels.trn}: ${input.issuer.trn}`,
    input.issuer.tradeLicence ? `${labels.tradeLicence}: ${input.issuer.tradeLicence}` : '',
    input.issuer.contacts ?? '',
  ]);
  const customerBottom = party(doc, MARGIN + half + 24, top, half, labels.billTo, input.customer.name, [
    input.customer.address,
    input.customer.trn ? `${labels.trn}: ${input.customer.trn}` : '',
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(supplierBottom, customerBottom) + 18;

  fieldGrid(
    doc,
    [
      { label: labels.invoiceNumber, value: input.number ?? '—' },
      { label: labels.issueDate, value: formatDisplayDate(dubaiDateTime(input.issuedAt).date, language) },
      { label: t.period, value: period },
      { label: labels.currency, value: currency.toUpperCase() },
    ],
    4,
  );

  sectionTitle(doc, t.supplies);
  const columns: Column[] = [
    { width: 72, align: 'left' },
    { width: 116, align: 'left' },
    { width: width - 72 - 116 - 100, align: 'left' },
    { width: 100, align: 'right' },
  ];
  tableRow(doc, [...t.columns], columns, { header: true });
  for (const line of input.lines) {
    const service = [
      line.kind === 'refund' ? t.refund : '',
      [line.tour, line.option].filter(Boolean).join(' · '),
      [line.serviceDate ? formatDisplayDate(line.serviceDate, language) : '', line.guest, people(line.pax, labels)]
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
    { label: t.taxable, value: money(input.totalMinor - input.vatMinor) },
    { label: t.vat, value: money(input.vatMinor) },
    { label: `${labels.total} (${currency.toUpperCase()})`, value: money(input.totalMinor), kind: 'total' },
  ];
  if (currency !== 'aed') {
    const rate = language === 'ru' ? String(AED_PER_USD).replace('.', ',') : String(AED_PER_USD);
    const vatAed = divideHalfUp(input.vatMinor * Math.round(AED_PER_USD * 100), 100);
    rows.push({ label: labels.vatInAed(rate), value: formatMoney(vatAed, 'aed', language), kind: 'note' });
  }
  totalsBlock(doc, rows);

  doc.y += 18;
  const note = input.kind === 'proforma' ? t.proformaNote(formatDisplayDate(input.availableFrom, language)) : t.taxNote;
  paragraph(doc, note, { size: 8.5, color: COLORS.muted });

  drawFooters(doc, [input.issuer.name, input.issuer.contacts].filter(Boolean).join('  ·  '), labels.page);
  doc.end();
  return done;
}
