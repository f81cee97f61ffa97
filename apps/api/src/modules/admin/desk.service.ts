import type {
  AdminBookingDetail,
  AdminBookingsResponse,
  AdminCancellationPreview,
  BookingView,
  CancelBookingBody,
  DeskPayment,
  DeskPaymentsResponse,
  Language,
  RefundState,
} from '@portal/contract';
import { BOOKING_MESSAGES, DESK_MESSAGES, minorToMajor } from '@portal/contract';
import type { z } from 'zod';
import type { AdminBookingsQuery as Query, DeskPaymentsQuery as PaymentsQuery } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireActor } from '../../lib/require-actor.ts';
import { adminAuditLog, recordAudit } from '../audit/index.ts';
import {
  bookingListRow,
  cancelOnBehalf,
  findBooking,
  previewOnBehalf,
  viewOf,
  type BookingRow,
  type CancellationFigures,
  type CardRefunds,
} from '../bookings/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { findAgencyOf, listDeskBookings, listDeskPayments, type DeskPaymentRow } from './desk.repo.ts';

// The tours company's desk (issue 12 items 5 and 6): every agency's bookings, cancelling one on the agency's behalf,
// card payments and their refunds.

const money = (minor: number) => minorToMajor(minor);

// What a payment's refund stands at, from the payments module's own columns (payments.repo.ts#claimRefundAttempt):
// owed and unclaimed, claimed and being asked (its lease runs), claimed and failed (the lease runs out unanswered,
// then anyone may ask again under the same attempt id), or held for the operator to check at the provider.
export function deskPayment(row: DeskPaymentRow, now = new Date()): DeskPayment {
  const p = row.payment;
  const owedMinor = p.refundDueMinor + (p.refundAttemptId ? p.refundAttemptMinor : 0);
  const leaseRuns = p.refundAttemptId !== null && p.refundAttemptUntil !== null && p.refundAttemptUntil > now;
  const failedBefore = p.failureMessage !== null && p.refundAttemptId !== null;
  let state: RefundState = 'none';
  if (owedMinor > 0 && p.refundHold !== null) state = 'needs_check';
  else if (owedMinor > 0) state = failedBefore ? 'failed' : leaseRuns ? 'in_progress' : 'owed';
  else if (p.refundedMinor > 0) state = 'refunded';
  const canRetry = owedMinor > 0 && p.providerRef !== null && !leaseRuns;
  return {
    id: p.id,
    provider: p.provider,
    providerRef: p.providerRef,
    status: p.status,
    amount: money(p.amountMinor),
    currencyCode: p.currency,
    createdAt: p.createdAt.toISOString(),
    agencyId: p.agencyId,
    agencyName: row.agencyName,
    paidFor:
      p.bookingId !== null
        ? { kind: 'booking', id: p.bookingId, reference: row.bookingReference ?? '' }
        : { kind: 'topUp', id: p.topUpId ?? '', reference: row.topUpReference ?? '' },
    failureMessage: p.failureMessage,
    refund: {
      state,
      refunded: money(p.refundedMinor),
      owed: money(owedMinor),
      reason: p.refundReason,
      retryAfter: leaseRuns && p.refundAttemptUntil ? p.refundAttemptUntil.toISOString() : null,
      canRetry,
      hold: p.refundHold,
      canRecordMade: owedMinor > 0 && p.refundHold !== null,
    },
  };
}

const pageOf = (query: { page: number; onPage: number }) => ({
  limit: query.onPage,
  offset: (query.page - 1) * query.onPage,
});

export async function listPayments(
  ctx: ServiceContext,
  query: z.output<typeof PaymentsQuery>,
): Promise<DeskPaymentsResponse> {
  const { rows, total } = await listDeskPayments(
    ctx.db,
    { view: query.view, status: query.status, agencyId: query.agencyId },
    pageOf(query),
  );
  const now = new Date();
  return { items: rows.map((row) => deskPayment(row, now)), total, page: query.page, onPage: query.onPage };
}

async function onePayment(db: DbOrTx, id: string): Promise<DeskPayment> {
  const { rows } = await listDeskPayments(db, { view: 'all', id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw AppError.notFound(DESK_MESSAGES.unknownPayment);
  return deskPayment(rows[0]);
}

// The operator asks the provider again for a refund owed to a card: the sweeper's own call (settleRefunds), which
// claims the attempt (one node at a time, the same attempt id as the provider's idempotency key), so a retry never
// makes a second refund. While an attempt's lease runs, nothing is asked.
export async function retryRefund(ctx: ServiceContext, payments: PaymentsService, id: string): Promise<DeskPayment> {
  const before = await onePayment(ctx.db, id);
  if (before.refund.owed <= 0) throw AppError.field('id', DESK_MESSAGES.noRefundOwed);
  if (!before.refund.canRetry) throw new AppError('conflict', DESK_MESSAGES.refundInProgress);
  // a held refund is asked again only by this call: the operator has looked at the provider
  await payments.settleRefunds(id, { checkedAtProvider: before.refund.hold !== null });
  return onePayment(ctx.db, id);
}

// The operator found a refund that needs checking made at the provider (or made it there by hand): it counts as
// refunded once, with an audit row on what the payment paid for
export async function recordRefundMade(
  ctx: ServiceContext,
  payments: PaymentsService,
  id: string,
): Promise<DeskPayment> {
  const actor = requireActor(ctx);
  const before = await onePayment(ctx.db, id);
  const made = await payments.recordRefundMade(id, async (tx, locked, after) => {
    const { paidFor } = before;
    await recordAudit(tx, actor, {
      agencyId: locked.agencyId,
      entity: paidFor.kind,
      entityId: paidFor.id,
      subject: paidFor.reference,
      action: 'payment.refundRecorded',
      changes: [
        {
          field: 'refunded',
          from: minorToMajor(locked.refundedMinor).toFixed(2),
          to: minorToMajor(after.refundedMinor).toFixed(2),
        },
      ],
    });
  });
  if (!made) throw new AppError('conflict', DESK_MESSAGES.refundNotHeld);
  return onePayment(ctx.db, id);
}

export async function listBookings(ctx: ServiceContext, query: z.output<typeof Query>): Promise<AdminBookingsResponse> {
  const { rows, total } = await listDeskBookings(ctx.db, query, pageOf(query));
  const language: Language = query.language ?? 'en';
  return {
    items: rows.map((r) => ({
      ...bookingListRow(r.booking, r.agentName, language, true),
      agencyId: r.booking.agencyId,
      agencyName: r.agencyName,
    })),
    total,
    page: query.page,
    onPage: query.onPage,
  };
}

export async function bookingDetail(ctx: ServiceContext, id: string, language?: Language): Promise<AdminBookingDetail> {
  const row = await findBooking(ctx.db, id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const [booking, agency, payments, history] = await Promise.all([
    viewOf(ctx, row, language),
    findAgencyOf(ctx.db, row.agencyId),
    listDeskPayments(ctx.db, { view: 'all', bookingId: row.id }, { limit: 50, offset: 0 }),
    adminAuditLog(ctx, { entity: 'booking', entityId: row.id, page: 1, onPage: 50 }),
  ]);
  if (!agency) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const now = new Date();
  return {
    booking,
    agency,
    payments: payments.rows.map((p) => deskPayment(p, now)),
    history: history.items,
  };
}

export function cancellationPreview(ctx: ServiceContext, id: string): Promise<AdminCancellationPreview> {
  return previewOnBehalf(ctx, id);
}

// One audit row with the booking's cancellation: the status, the fee kept and the refund, and why the fee differs
function auditCancellation(ctx: ServiceContext, input: { feeOverrideMinor: number | null; reason: string }) {
  const actor = requireActor(ctx);
  return async (tx: DbOrTx, before: BookingRow, after: BookingRow, plan: CancellationFigures) => {
    const isPaid = before.status === 'completed';
    await recordAudit(tx, actor, {
      agencyId: after.agencyId,
      entity: 'booking',
      entityId: after.id,
      subject: after.reference,
      action: 'booking.cancelled',
      changes: [
        { field: 'status', from: before.status, to: after.status },
        ...(isPaid
          ? [
              { field: 'cancellationFee', from: null, to: money(plan.feeMinor).toFixed(2) },
              { field: 'refund', from: null, to: money(plan.refundMinor).toFixed(2) },
              { field: 'refundTo', from: null, to: before.paymentMethod },
            ]
          : []),
        ...(input.feeOverrideMinor !== null ? [{ field: 'feeOverrideReason', from: null, to: input.reason }] : []),
        ...(input.feeOverrideMinor === null && input.reason ? [{ field: 'reason', from: null, to: input.reason }] : []),
      ],
    });
  };
}

export async function cancelBooking(
  ctx: ServiceContext,
  cards: CardRefunds,
  id: string,
  body: { feeOverride?: number; reason: string } & CancelBookingBody,
): Promise<BookingView> {
  const input = { feeOverrideMinor: body.feeOverride ?? null, reason: body.reason };
  // the body's expectedRefund and expectedRefundTo: the terms the desk's dialog showed
  return cancelOnBehalf(ctx, id, cards, { ...input, expected: body }, auditCancellation(ctx, input));
}
