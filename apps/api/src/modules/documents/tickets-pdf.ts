import QRCode from 'qrcode';
import { translator } from '../../lib/i18n.ts';
import type { BookingDocumentInput } from './booking-pdf.ts';
import { formatDisplayDate } from './document-format.ts';
import type { Pdf } from './pdf-layout.ts';
import {
  COLORS,
  MARGIN,
  contentWidth,
  drawBand,
  fieldGrid,
  fitFontSize,
  paragraph,
  singleLine,
  style,
} from './pdf-layout.ts';

const TICKETS_PER_PAGE = 3;
const TICKET_HEIGHT = 190;
const TICKET_GAP = 14;
const QR_SIZE = 136;

// What the gate scanner reads: the ticket number and the booking it belongs to.
export function ticketQrPayload(ticketNumber: string, reference: string): string {
  return `TICKET:${ticketNumber};REF:${reference}`;
}

function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 408,
    color: { dark: '#000000', light: '#FFFFFF' },
  });
}

export async function renderTickets(doc: Pdf, input: BookingDocumentInput): Promise<void> {
  const { booking, issuer, language } = input;
  const t = translator(language, 'documents');
  const band = {
    issuerName: issuer.legalName,
    issuerLines: [issuer.address, [issuer.phone, issuer.email].filter(Boolean).join('  ·  ')],
    title: t('tickets'),
    subtitle: booking.reference,
    logo: issuer.logo,
  };
  drawBand(doc, band);
  const count = booking.ticketNumbers.length;
  if (count === 0) {
    paragraph(doc, t('noTickets'));
    return;
  }
  const images = await Promise.all(booking.ticketNumbers.map((n) => qrPng(ticketQrPayload(n, booking.reference))));
  const drawInstruction = () => {
    style(doc, 'regular', 8.5, COLORS.muted).text(t('ticketInstruction'), MARGIN, doc.y - 8, {
      width: contentWidth(doc),
    });
    doc.y += 8;
  };
  drawInstruction();
  const top = doc.y;
  const width = contentWidth(doc);
  booking.ticketNumbers.forEach((ticketNumber, index) => {
    const slot = index % TICKETS_PER_PAGE;
    if (index > 0 && slot === 0) {
      doc.addPage();
      drawBand(doc, band);
      drawInstruction();
    }
    const y = top + slot * (TICKET_HEIGHT + TICKET_GAP);
    doc.save().roundedRect(MARGIN, y, width, TICKET_HEIGHT, 8).lineWidth(1).strokeColor(COLORS.rule).stroke().restore();
    doc.save().roundedRect(MARGIN, y, 8, TICKET_HEIGHT, 4).fill(COLORS.brand).restore();

    const image = images[index];
    const qrX = MARGIN + 24;
    const qrY = y + (TICKET_HEIGHT - QR_SIZE) / 2 - 6;
    if (image) doc.image(image, qrX, qrY, { width: QR_SIZE, height: QR_SIZE });
    style(doc, 'regular', fitFontSize(doc, ticketNumber, 'regular', 7, 5, QR_SIZE), COLORS.muted);
    singleLine(doc, ticketNumber, qrX, qrY + QR_SIZE + 4, { width: QR_SIZE, align: 'center' });

    const x = qrX + QR_SIZE + 24;
    const textWidth = MARGIN + width - x - 18;
    style(doc, 'regular', 8, COLORS.muted).text(
      t('ticketOf', { index: index + 1, total: count }).toUpperCase(),
      x,
      y + 18,
      {
        width: textWidth,
        characterSpacing: 0.6,
      },
    );
    style(doc, 'bold', fitFontSize(doc, ticketNumber, 'bold', 15, 9, textWidth), COLORS.brand);
    singleLine(doc, ticketNumber, x, doc.y + 2, { width: textWidth });
    style(doc, 'bold', 11, COLORS.ink).text(booking.tour.title, x, doc.y + 6, {
      width: textWidth,
      height: 28,
      ellipsis: true,
    });
    style(doc, 'regular', 9, COLORS.muted).text(booking.offer.name, x, doc.y + 1, {
      width: textWidth,
      height: 24,
      ellipsis: true,
    });
    doc.y += 8;
    fieldGrid(
      doc,
      [
        { label: t('date'), value: formatDisplayDate(booking.date, language) },
        { label: t('time'), value: booking.time ?? t('anyTime') },
        { label: t('bookingReference'), value: booking.reference },
      ],
      3,
      { x, width: textWidth, weights: [0.9, 1.1, 1.4], clip: true },
    );
    fieldGrid(doc, [{ label: t('guestName'), value: booking.guest.name }], 1, { x, width: textWidth, clip: true });
  });
  doc.x = MARGIN;
  doc.y = top + (((count - 1) % TICKETS_PER_PAGE) + 1) * (TICKET_HEIGHT + TICKET_GAP);
}
