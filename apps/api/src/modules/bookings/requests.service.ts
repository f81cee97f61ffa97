import type { AdminRequestRow, AdminRequestsFilter, AdminRequestsResponse, BookingView } from '@portal/contract';
import { BOOKING_MESSAGES, minorToMajor, toMinor } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireActor } from '../../lib/require-actor.ts';
import { recordAudit } from '../audit/index.ts';
import { insertMail } from '../mail/index.ts';
import { requestDeclinedMail, requestQuotedMail } from './booking-mails.ts';
import { bookingListRow } from './booking-views.ts';
import { declineOpenRequest, findBooking, loadAgent, quoteRequestRow } from './bookings.repo.ts';
import { filterConditions, listBookings, ofAgency } from './bookings-list.repo.ts';
import { viewOf } from './manage-bookings.ts';

// audit values as stored: money in major units, instants in ISO
const minorText = (minor: number | null) => (minor === null ? null : minorToMajor(minor).toFixed(2));
const isoText = (at: Date | null) => at?.toISOString() ?? null;

// The tours company's side of quotation requests: every agency's, the open ones first, then newest first.
export async function listAllRequests(ctx: ServiceContext, query: AdminRequestsFilter): Promise<AdminRequestsResponse> {
  const { page, onPage } = query;
  const conditions = filterConditions(null, { page, onPage, status: query.status }, true);
  if (query.agencyId) conditions.push(ofAgency(query.agencyId));
  const { rows, total } = await listBookings(
    ctx.db,
    conditions,
    { limit: onPage, offset: (page - 1) * onPage },
    { openFirst: true },
  );
  const items = rows.map(
    (r): AdminRequestRow => ({
      ...bookingListRow(r.booking, r.agentName, query.language ?? 'en', true),
      agencyId: r.booking.agencyId,
      agencyName: r.agencyName,
      quote:
        r.booking.quotedNetMinor !== null && r.booking.quoteExpiresAt
          ? {
              netTotal: minorToMajor(r.booking.quotedNetMinor),
              expiresAt: r.booking.quoteExpiresAt.toISOString(),
              note: r.booking.quoteNote ?? '',
            }
          : null,
      declineReason: r.booking.declineReason,
    }),
  );
  return { items, total, page, onPage };
}

export async function quoteRequest(
  ctx: ServiceContext,
  id: string,
  input: { netTotal: number; validHours: number; note: string },
): Promise<BookingView> {
  const actor = requireActor(ctx);
  const quotedNetMinor = toMinor(input.netTotal);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current || current.isRequest !== 1) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    if (current.status !== 'request' && current.status !== 'payment_required')
      throw AppError.field('id', BOOKING_MESSAGES.notARequest);
    const updated = await quoteRequestRow(tx, id, { quotedNetMinor, validHours: input.validHours, note: input.note });
    if (!updated) throw new Error('booking vanished');
    await recordAudit(tx, actor, {
      agencyId: updated.agencyId,
      entity: 'booking',
      entityId: updated.id,
      subject: updated.reference,
      action: 'booking.quoted',
      changes: [
        { field: 'status', from: current.status, to: updated.status },
        { field: 'quotedNet', from: minorText(current.quotedNetMinor), to: minorText(updated.quotedNetMinor) },
        { field: 'quoteExpiresAt', from: isoText(current.quoteExpiresAt), to: isoText(updated.quoteExpiresAt) },
        ...(input.note ? [{ field: 'quoteNote', from: current.quoteNote || null, to: input.note }] : []),
      ],
    });
    await insertMail(tx, requestQuotedMail(updated, await loadAgent(tx, updated.createdBy)));
    return updated;
  });
  ctx.kickMail();
  return viewOf(ctx, row);
}

export async function declineRequest(ctx: ServiceContext, id: string, reason: string): Promise<BookingView> {
  const actor = requireActor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current || current.isRequest !== 1) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    const open = await declineOpenRequest(tx, id, reason);
    if (!open) throw AppError.field('id', BOOKING_MESSAGES.notARequest);
    await recordAudit(tx, actor, {
      agencyId: open.agencyId,
      entity: 'booking',
      entityId: open.id,
      subject: open.reference,
      action: 'booking.declined',
      changes: [
        { field: 'status', from: current.status, to: open.status },
        { field: 'declineReason', from: null, to: reason },
      ],
    });
    await insertMail(tx, requestDeclinedMail(open, await loadAgent(tx, open.createdBy)));
    return open;
  });
  ctx.kickMail();
  return viewOf(ctx, row);
}
