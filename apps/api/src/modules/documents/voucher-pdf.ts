import type { CancellationTier } from '@portal/contract';
import { translator, type Translate } from '../../lib/i18n.ts';
import type { BookingDocumentInput } from './booking-pdf.ts';
import { dubaiDateTime, formatDisplayDate } from './document-format.ts';
import type { Pdf } from './pdf-layout.ts';
import { COLORS, bulletList, drawBand, fieldGrid, paragraph, sectionTitle, summaryBox } from './pdf-layout.ts';

// SPEC §9: tiers sorted by hours descending; below the last tier the booking is non-refundable
export function cancellationPolicyLines(policy: readonly CancellationTier[], t: Translate<'documents'>): string[] {
  const tiers = [...policy].sort((a, b) => b.hours - a.hours);
  const last = tiers.at(-1);
  const nonRefundable = t('nonRefundable');
  if (!last) return [nonRefundable.charAt(0).toUpperCase() + nonRefundable.slice(1)];
  const lines = tiers.map((tier, i) => {
    const refund = tier.percents > 0 ? t('refundPercent', { percent: tier.percents }) : nonRefundable;
    const above = tiers[i - 1];
    return above
      ? t('policyBetween', { from: tier.hours, to: above.hours, refund })
      : t('policyAtLeast', { hours: tier.hours, refund });
  });
  if (last.hours > 0) lines.push(t('policyBelow', { hours: last.hours }));
  return lines;
}

export function renderVoucher(doc: Pdf, input: BookingDocumentInput): void {
  const { booking, agency, issuer, language } = input;
  const t = translator(language, 'documents');
  const date = formatDisplayDate(booking.date, language);
  drawBand(doc, {
    issuerName: issuer.legalName,
    issuerLines: [issuer.address, [issuer.phone, issuer.email].filter(Boolean).join('  ·  ')],
    title: t('voucher'),
    subtitle: booking.reference,
    logo: issuer.logo,
  });

  summaryBox(doc, [
    { label: t('bookingReference'), value: booking.reference, emphasis: true },
    { label: t('status'), value: t(`statuses.${booking.status}`) },
    { label: t('date'), value: date, emphasis: true },
  ]);

  sectionTitle(doc, t('tour'));
  paragraph(doc, booking.tour.title, { bold: true, size: 13 });
  paragraph(doc, booking.offer.name, { color: COLORS.muted });
  doc.y += 8;
  fieldGrid(
    doc,
    [
      { label: t('date'), value: date },
      { label: t('time'), value: booking.time ?? t('anyTime') },
      { label: t('pickUpTime'), value: booking.pickUpTime ?? '' },
    ],
    3,
  );

  sectionTitle(doc, t('guest'));
  fieldGrid(
    doc,
    [
      { label: t('guestName'), value: booking.guest.name },
      { label: t('phone'), value: booking.guest.phone },
      { label: t('hotel'), value: booking.guest.hotel },
      { label: t('room'), value: booking.guest.room },
    ],
    2,
  );

  sectionTitle(doc, t('participants'));
  fieldGrid(
    doc,
    [
      { label: t('adults'), value: String(booking.adults) },
      { label: t('children'), value: String(booking.children) },
      { label: t('infants'), value: String(booking.infants) },
    ],
    3,
  );

  sectionTitle(doc, t('notes'));
  paragraph(doc, booking.notes.trim() || '—');

  sectionTitle(doc, t('cancellationPolicy'));
  bulletList(doc, cancellationPolicyLines(booking.cancellationPolicy, t));

  doc.y += 12;
  fieldGrid(
    doc,
    [
      { label: t('bookedBy'), value: agency.name },
      { label: t('issuedOn'), value: formatDisplayDate(dubaiDateTime(input.issuedAt).date, language) },
    ],
    2,
  );
  paragraph(doc, t('voucherInstruction'), { size: 8.5, color: COLORS.muted });
}
