import { BOOKING_MESSAGES, canViewBalances, type BookingFilters, type Language } from '@portal/contract';
import {
  issuerOf,
  loadBookingPdf,
  type BookingDocumentInput,
  type BookingDocumentKind,
  type DocumentIssuer,
} from '../documents/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { bookingListRow } from './booking-views.ts';
import { findVisibleBooking, findWidgetSale, loadAgency, type BookingRow } from './bookings.repo.ts';
import { filterConditions, iterateBookings } from './bookings-list.repo.ts';
import { viewOf } from './manage-bookings.ts';
import { visibilityOf } from './booking-rules.ts';
import { findResellerBooking } from './reseller-bookings.ts';

export type BookingDocument = { pdf: Buffer; fileName: string };

// A booking's voucher, tickets or invoice (issue 29: rendering out of the routes file). The PDF library loads on first
// use (it would add about half a second to every start).
async function renderBookingDocument(
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
async function agencyBookingDocument(ctx: ServiceContext, row: BookingRow, kind: BookingDocumentKind): Promise<Buffer> {
  const agency = await loadAgency(ctx.db, row.agencyId);
  const site = ctx.sites.byId(row.siteId) ?? ctx.site;
  return renderBookingDocument(ctx, row, kind, {
    agency: { name: agency?.name ?? '', address: agency?.address ?? '', trnNumber: agency?.trnNumber ?? '' },
    issuer: issuerOf(site),
  });
}

// The agent's download: a completed booking they may see (a junior only their own), its voucher, tickets or invoice
export async function visibleBookingDocument(
  ctx: ServiceContext,
  actor: AgencyActor,
  id: string,
  kind: BookingDocumentKind,
): Promise<BookingDocument> {
  const row = await findVisibleBooking(ctx.db, visibilityOf(actor), id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  if (row.status !== 'completed') throw AppError.notFound(BOOKING_MESSAGES.documentsNotYet);
  // a widget sale's customer paid the portal, not the agency: there is no invoice to the agency for it
  if (kind === 'invoice' && row.channel === 'widget') throw AppError.notFound(BOOKING_MESSAGES.noWidgetSaleInvoice);
  return { pdf: await agencyBookingDocument(ctx, row, kind), fileName: `${kind}-${row.reference}.pdf` };
}

// A completed widget sale's voucher or tickets, under the shop's brand; null when the token names none of that shop
export async function widgetSaleDocument(
  ctx: ServiceContext,
  token: string,
  widgetId: string,
  kind: 'voucher' | 'tickets',
  brand: DocumentIssuer,
): Promise<BookingDocument | null> {
  const row = await findWidgetSale(ctx.db, token);
  if (!row || row.widgetId !== widgetId || row.status !== 'completed') return null;
  const agency = { name: brand.legalName, address: brand.address, trnNumber: '' };
  const pdf = await renderBookingDocument(ctx, row, kind, { agency, issuer: brand });
  return { pdf, fileName: `${kind}-${row.reference}.pdf` };
}

// A completed reseller booking's document, fetched with the key that made it; null for none
export async function resellerBookingDocument(
  ctx: ServiceContext,
  uuid: string,
  kind: BookingDocumentKind,
): Promise<BookingDocument | null> {
  const row = await findResellerBooking(ctx, uuid);
  if (!row || row.status !== 'completed') return null;
  return { pdf: await agencyBookingDocument(ctx, row, kind), fileName: `${kind}-${row.reference}.pdf` };
}

// The bookings list's xlsx rows: what the agent may see under the filter, read in batches
export async function* visibleListRows(
  ctx: ServiceContext,
  actor: AgencyActor,
  filter: BookingFilters,
  language: Language,
) {
  const conditions = filterConditions(visibilityOf(actor), filter, false);
  for await (const { booking, agentName } of iterateBookings(ctx.db, conditions))
    yield bookingListRow(booking, agentName, language, canViewBalances(actor.role));
}
