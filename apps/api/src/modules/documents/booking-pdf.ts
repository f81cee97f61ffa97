import type { BookingView } from '@portal/contract';
import { translator } from '../../lib/i18n.ts';
import type { DocumentIssuer } from './issuer.ts';
import { renderInvoice } from './invoice-pdf.ts';
import { createPdf, drawFooters } from './pdf-layout.ts';
import { renderTickets } from './tickets-pdf.ts';
import { renderVoucher } from './voucher-pdf.ts';

export type BookingDocumentInput = {
  booking: BookingView;
  agency: { name: string; address: string; trnNumber: string };
  issuer: DocumentIssuer;
  language: 'en' | 'ru';
  issuedAt: Date;
};
export type BookingDocumentKind = 'voucher' | 'tickets' | 'invoice';

export async function renderBookingPdf(kind: BookingDocumentKind, input: BookingDocumentInput): Promise<Buffer> {
  const t = translator(input.language, 'documents');
  const invoice = input.booking.paymentMethod === 'balance' ? t('bookingInvoice') : t('taxInvoice');
  const title = { voucher: t('voucher'), tickets: t('tickets'), invoice }[kind];
  const { doc, done } = await createPdf({
    title: `${title} ${input.booking.reference}`,
    author: input.issuer.legalName,
    subject: input.booking.tour.title,
    language: input.language,
    createdAt: input.issuedAt,
  });
  if (kind === 'voucher') renderVoucher(doc, input);
  else if (kind === 'tickets') await renderTickets(doc, input);
  else renderInvoice(doc, input);
  const contacts = [input.issuer.legalName, input.issuer.phone, input.issuer.email].filter(Boolean).join('  ·  ');
  drawFooters(doc, contacts, (index, total) => t('page', { index, total }));
  doc.end();
  return done;
}
