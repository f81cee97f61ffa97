import { issuerOf, loadBookingPdf, type BookingDocumentInput, type BookingDocumentKind } from '../documents/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { loadAgency, type BookingRow } from './bookings.repo.ts';
import { viewOf } from './manage-bookings.ts';

// A booking's voucher, tickets or invoice (issue 29: rendering out of the routes file). The PDF library loads on first
// use (it would add about half a second to every start).
export async function renderBookingDocument(
  ctx: ServiceContext,
  row: BookingRow,
  kind: BookingDocumentKind,
  parties: Pick<BookingDocumentInput, 'agency' | 'issuer'>,
): Promise<Buffer> {
  const booking = await viewOf(ctx, row);
  const { renderBookingPdf } = await loadBookingPdf();
  return renderBookingPdf(kind, {
    booking,
    ...parties,
    language: row.language,
    issuedAt: row.confirmedAt ?? row.createdAt,
  });
}

// A booking's document as its agency receives it: the agency as the client, the booking's site as the issuer (the
// portal's download and the reseller API's links)
export async function agencyBookingDocument(
  ctx: ServiceContext,
  row: BookingRow,
  kind: BookingDocumentKind,
): Promise<Buffer> {
  const agency = await loadAgency(ctx.db, row.agencyId);
  const site = ctx.sites.byId(row.siteId) ?? ctx.site;
  return renderBookingDocument(ctx, row, kind, {
    agency: { name: agency?.name ?? '', address: agency?.address ?? '', trnNumber: agency?.trnNumber ?? '' },
    issuer: issuerOf(site),
  });
}
