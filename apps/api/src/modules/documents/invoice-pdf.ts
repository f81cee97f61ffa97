import { AED_PER_USD, RU_FEE_PERCENT, RU_TAX_PERCENT } from '@portal/contract';
import type { BookingAmounts, CurrencyCode, Language } from '@portal/contract';
import { translator, type Translate } from '../../lib/i18n.ts';
import type { BookingDocumentInput } from './booking-pdf.ts';
import {
  UAE_VAT_PERCENT,
  divideHalfUp,
  dubaiDateTime,
  formatDecimal,
  formatDisplayDate,
  formatMoney,
  includedVatMinor,
  toMinor,
  vatInAedMinor,
} from './document-format.ts';
import type { Pdf } from './pdf-layout.ts';
import { COLORS, MARGIN, contentWidth, drawBand, fieldGrid, paragraph, sectionTitle } from './pdf-layout.ts';
import { type Column, type TotalRow, party, tableRow, totalsBlock } from './pdf-tables.ts';

type LineUnit = BookingAmounts['lines'][number]['unit'];

export type InvoiceFigures = {
  lines: { unit: LineUnit; quantity: number; unitMinor: number; amountMinor: number }[];
  subtotalMinor: number;
  discountMinor: number;
  cardSurchargeMinor: number;
  // a quoted request is sold at the operator's price, which need not equal the tariff lines
  adjustmentMinor: number;
  totalMinor: number;
  vatMinor: number;
  taxMinor: number | null;
  feeMinor: number | null;
  // FTA: VAT on an invoice in another currency is also stated in AED (SPEC §9 fixed rate)
  vatAedMinor: number | null;
};

// Amount lines carry the line's net total (unit price × quantity, as priced by the bookings module).
export function invoiceFigures(amounts: BookingAmounts): InvoiceFigures {
  const lines = amounts.lines
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const amountMinor = toMinor(line.net);
      return {
        unit: line.unit,
        quantity: line.quantity,
        unitMinor: divideHalfUp(amountMinor, line.quantity),
        amountMinor,
      };
    });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const discountMinor = toMinor(amounts.discount);
  const cardSurchargeMinor = toMinor(amounts.cardSurcharge);
  const totalMinor = toMinor(amounts.netTotal);
  const vatMinor = includedVatMinor(totalMinor);
  return {
    lines,
    subtotalMinor,
    discountMinor,
    cardSurchargeMinor,
    adjustmentMinor: totalMinor - (subtotalMinor - discountMinor + cardSurchargeMinor),
    totalMinor,
    vatMinor,
    taxMinor: amounts.tax === null ? null : toMinor(amounts.tax),
    feeMinor: amounts.fee === null ? null : toMinor(amounts.fee),
    vatAedMinor: amounts.currencyCode === 'aed' ? null : vatInAedMinor(vatMinor, amounts.currencyCode),
  };
}

function discountLabel(t: Translate<'documents'>, promoCode: string | null, percent: number | null): string {
  return [t('discount'), promoCode ? t('promoCode', { code: promoCode }) : '', percent ? `${percent} %` : '']
    .filter(Boolean)
    .join(', ');
}

function totalRows(
  figures: InvoiceFigures,
  booking: BookingDocumentInput['booking'],
  t: Translate<'documents'>,
  currency: CurrencyCode,
  language: Language,
): TotalRow[] {
  const money = (minor: number) => formatMoney(minor, currency, language);
  const rows: TotalRow[] = [{ label: t('subtotal'), value: money(figures.subtotalMinor) }];
  if (figures.discountMinor !== 0)
    rows.push({
      label: discountLabel(t, booking.promoCode, booking.promoPercent),
      value: money(-figures.discountMinor),
    });
  if (figures.cardSurchargeMinor !== 0)
    rows.push({ label: t('cardSurcharge'), value: money(figures.cardSurchargeMinor) });
  if (figures.adjustmentMinor !== 0) rows.push({ label: t('quoteAdjustment'), value: money(figures.adjustmentMinor) });
  rows.push({ label: `${t('total')} (${currency.toUpperCase()})`, value: money(figures.totalMinor), kind: 'total' });
  rows.push({ label: t('vatIncluded', { percent: UAE_VAT_PERCENT }), value: money(figures.vatMinor), kind: 'note' });
  if (figures.taxMinor !== null)
    rows.push({ label: t('ofWhichTax', { percent: RU_TAX_PERCENT }), value: money(figures.taxMinor), kind: 'note' });
  if (figures.feeMinor !== null)
    rows.push({ label: t('ofWhichFee', { percent: RU_FEE_PERCENT }), value: money(figures.feeMinor), kind: 'note' });
  if (figures.vatAedMinor !== null)
    rows.push({
      label: t('vatInAed', { rate: formatDecimal(AED_PER_USD, language) }),
      value: formatMoney(figures.vatAedMinor, 'aed', language),
      kind: 'note',
    });
  return rows;
}

export function renderInvoice(doc: Pdf, input: BookingDocumentInput): void {
  const { booking, agency, issuer, language } = input;
  const t = translator(language, 'documents');
  const currency = booking.amounts.currencyCode;
  const money = (minor: number) => formatMoney(minor, currency, language);
  const figures = invoiceFigures(booking.amounts);
  // SPEC §9: what the balance paid is billed once, on the month's tax invoice; a card payment has its own
  const isBilledMonthly = booking.paymentMethod === 'balance';

  drawBand(doc, {
    issuerName: issuer.legalName,
    issuerLines: [issuer.address, `${t('trn')}: ${issuer.vatRegistrationNumber}`],
    title: isBilledMonthly ? t('bookingInvoice') : t('taxInvoice'),
    subtitle: t(isBilledMonthly ? 'bookingInvoiceSubtitle' : 'taxInvoiceSubtitle', { reference: booking.reference }),
  });

  const width = contentWidth(doc);
  const half = (width - 24) / 2;
  const top = doc.y;
  const supplierBottom = party(doc, MARGIN, top, half, t('supplier'), issuer.legalName, [
    issuer.address,
    `${t('trn')}: ${issuer.vatRegistrationNumber}`,
    `${t('tradeLicence')}: ${issuer.tradeLicenceNumber}`,
    [issuer.phone, issuer.email].filter(Boolean).join('  ·  '),
  ]);
  const agencyBottom = party(doc, MARGIN + half + 24, top, half, t('billTo'), agency.name, [
    agency.address,
    agency.trnNumber ? `${t('trn')}: ${agency.trnNumber}` : '',
  ]);
  doc.x = MARGIN;
  doc.y = Math.max(supplierBottom, agencyBottom) + 18;

  fieldGrid(
    doc,
    [
      { label: t('invoiceNumber'), value: booking.reference },
      { label: t('issueDate'), value: formatDisplayDate(dubaiDateTime(input.issuedAt).date, language) },
      { label: t('serviceDate'), value: formatDisplayDate(booking.date, language) },
      { label: t('currency'), value: currency.toUpperCase() },
      { label: t('payment'), value: booking.paymentMethod ? t(`paymentMethods.${booking.paymentMethod}`) : '' },
    ],
    5,
    { weights: [1.4, 1, 1.1, 0.7, 1.3] },
  );

  sectionTitle(doc, t('service'));
  paragraph(doc, booking.tour.title, { bold: true, size: 11 });
  const when = [formatDisplayDate(booking.date, language), booking.time ?? t('anyTime')].join(', ');
  paragraph(doc, [booking.offer.name, when, booking.guest.name].filter(Boolean).join('  ·  '), {
    size: 9,
    color: COLORS.muted,
  });
  doc.y += 10;

  const columns: Column[] = [
    { width: width - 60 - 115 - 115, align: 'left' },
    { width: 60, align: 'right' },
    { width: 115, align: 'right' },
    { width: 115, align: 'right' },
  ];
  tableRow(doc, [t('description'), t('quantity'), t('unitPrice'), t('amount')], columns, { header: true });
  for (const line of figures.lines) {
    tableRow(
      doc,
      [t(`units.${line.unit}`), String(line.quantity), money(line.unitMinor), money(line.amountMinor)],
      columns,
      {},
    );
  }

  totalsBlock(doc, totalRows(figures, booking, t, currency, language));

  doc.y += 18;
  paragraph(doc, t('invoiceNote', { percent: UAE_VAT_PERCENT }), { size: 8.5, color: COLORS.muted });
  if (isBilledMonthly) paragraph(doc, t('monthlyInvoiceNote'), { size: 8.5, color: COLORS.muted });
}
