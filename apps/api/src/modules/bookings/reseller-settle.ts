// The reseller API's confirm and cancel (issue 30): a reservation paid from the balance exactly as an agent's Pay
// (payBookingRow), or cancelled as the agency's cancellation (the policy's tiers, the refund); a test key's booking
// pays from the agency's test balance and moves nothing real.
import { BOOKING_MESSAGES, type CancelBookingBody } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NO_IDEMPOTENCY_KEY } from '../../lib/idempotency.ts';
import { changeTestBalance, findOffer, updateBooking, type BookingRow } from './bookings.repo.ts';
import { resellerBookingByUuid, type ResellerScope } from './reseller-bookings.repo.ts';
import { ticketCount, ticketNumbers } from './booking-rules.ts';
import { inBookingTransaction, type BookingDeps } from './booking-transaction.ts';
import { cancelBooking, planCancellation, type CardRefunds } from './manage-bookings.ts';
import { payBookingRow } from './pay-booking.ts';
import { countSpend } from './spending-cap.ts';
import { NO_STOCK } from './stock.ts';
import { releaseStock } from './stock.repo.ts';
import { isHoldValid } from './booking-views.ts';
import { knownResellerBooking, lockHeld, type ResellerGuest } from './reseller-bookings.ts';

// Confirm: the guest's details, then the balance pays exactly as an agent's Pay does. Confirming a confirmed booking
// again answers it as it is (the reseller's retry after a lost answer).
export async function confirmResellerBooking(
  ctx: ServiceContext,
  deps: BookingDeps,
  uuid: string,
  details: { guest: ResellerGuest; resellerReference?: string | null; notes?: string },
): Promise<BookingRow> {
  const now = new Date();
  const { scope, current } = await knownResellerBooking(ctx, uuid);
  if (current.status === 'completed') return current;
  if (current.status !== 'pending_payment' || !isHoldValid(current, now))
    throw AppError.field('uuid', BOOKING_MESSAGES.holdExpired);
  try {
    if (current.isTest) return await confirmTest(ctx, scope, uuid, details, now);
    // the guest's details are written by the payment's own update (a reservation no longer held is refused there)
    const { paid } = await payBookingRow(ctx, deps, current.id, 'balance', NO_IDEMPOTENCY_KEY, {
      before: current,
      extra: {
        guestName: details.guest.name,
        guestEmail: details.guest.email,
        guestPhone: details.guest.phone,
        ...(details.notes !== undefined ? { notes: details.notes } : {}),
        ...(details.resellerReference !== undefined ? { resellerReference: details.resellerReference } : {}),
      },
    });
    if (paid) return paid;
  } catch (error) {
    // two confirmations of one uuid at once (a retry after a timeout): the one that waited for the row's lock finds
    // it paid by the other and answers the confirmed booking, never an error the reseller could take for "not booked"
    const after = await resellerBookingByUuid(ctx.db, scope, uuid);
    if (after?.status === 'completed') return after;
    throw error;
  }
  return (await resellerBookingByUuid(ctx.db, scope, uuid)) ?? current;
}

// A test booking is confirmed like a real one (the same checks, tickets and answer) and paid from the agency's test
// balance: no ledger entry, no spending cap, no mail to anyone
async function confirmTest(
  ctx: ServiceContext,
  scope: ResellerScope,
  uuid: string,
  details: { guest: ResellerGuest; resellerReference?: string | null; notes?: string },
  now: Date,
): Promise<BookingRow> {
  return inBookingTransaction(ctx, async (tx) => {
    const row = await lockHeld(tx, scope, uuid, now);
    const offer = await findOffer(tx, row.offerId);
    if (!offer) throw AppError.field('uuid', BOOKING_MESSAGES.noTickets);
    const left = await changeTestBalance(tx, row.agencyId, -row.netTotalMinor);
    if (left === null) throw AppError.field('paymentMethod', BOOKING_MESSAGES.insufficientBalance);
    const done = await updateBooking(tx, row.id, {
      guestName: details.guest.name,
      guestEmail: details.guest.email,
      guestPhone: details.guest.phone,
      ...(details.notes !== undefined ? { notes: details.notes } : {}),
      ...(details.resellerReference !== undefined ? { resellerReference: details.resellerReference } : {}),
      status: 'completed',
      paymentMethod: 'balance',
      heldUnits: 0,
      heldAdults: 0,
      heldChildren: 0,
      holdExpiresAt: null,
      balanceAfterMinor: left,
      ticketNumbers: ticketNumbers(row.reference, ticketCount(offer, row)),
      confirmedAt: now,
    });
    return done ?? row;
  });
}

// A test booking cancelled: its policy's refund goes back to the test balance; nothing else moves
async function cancelTest(ctx: ServiceContext, scope: ResellerScope, uuid: string, reason: string) {
  const now = new Date();
  return inBookingTransaction(ctx, async (tx) => {
    const row = await resellerBookingByUuid(tx, scope, uuid, true);
    if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    if (row.status === 'cancelled') return row;
    const plan = await planCancellation(tx, row, now);
    if (!plan.cancellable) throw AppError.field('uuid', plan.reason ?? BOOKING_MESSAGES.notCancellable);
    if (plan.refundMinor > 0) await changeTestBalance(tx, row.agencyId, plan.refundMinor);
    const updated = await updateBooking(tx, row.id, {
      ...NO_STOCK,
      status: 'cancelled',
      holdExpiresAt: null,
      refundMinor: plan.refundMinor,
      cancellationFeeMinor: plan.feeMinor,
      cancelledAt: now,
      cancellationReason: reason,
    });
    return updated ?? row;
  });
}

// Cancel: a reservation gives its seats back; a confirmed booking is the agency's cancellation (policy fee, refund to
// the balance). Cancelling a cancelled booking answers it as it is.
export async function cancelResellerBooking(
  ctx: ServiceContext,
  cards: CardRefunds,
  uuid: string,
  reason: string,
  expected: CancelBookingBody = {},
): Promise<BookingRow> {
  const { scope, current: row } = await knownResellerBooking(ctx, uuid);
  if (row.status === 'cancelled') return row;
  if (row.isTest) return cancelTest(ctx, scope, uuid, reason);
  if (row.status === 'pending_payment' || row.status === 'payment_failed') {
    const released = await inBookingTransaction(ctx, async (tx) => {
      const locked = await resellerBookingByUuid(tx, scope, uuid, true);
      if (!locked || (locked.status !== 'pending_payment' && locked.status !== 'payment_failed')) return null;
      if (locked.slotId !== null)
        await releaseStock(tx, locked.slotId, {
          units: locked.heldUnits,
          adults: locked.heldAdults,
          children: locked.heldChildren,
        });
      const spend = await countSpend(tx, locked, 0, new Date());
      return updateBooking(tx, locked.id, {
        ...NO_STOCK,
        ...spend,
        status: 'cancelled',
        holdExpiresAt: null,
        refundMinor: 0,
        cancellationFeeMinor: 0,
        cancelledAt: new Date(),
        cancellationReason: reason,
      });
    });
    if (released) return released;
    // confirmed meanwhile (a confirmation won the row's lock): then it is a paid booking's cancellation
    const paid = await resellerBookingByUuid(ctx.db, scope, uuid);
    if (paid?.status === 'completed') {
      await cancelBooking(ctx, paid.id, cards, NO_IDEMPOTENCY_KEY, expected);
      await updateBooking(ctx.db, paid.id, { cancellationReason: reason });
    }
  } else {
    await cancelBooking(ctx, row.id, cards, NO_IDEMPOTENCY_KEY, expected);
    await updateBooking(ctx.db, row.id, { cancellationReason: reason });
  }
  return (await resellerBookingByUuid(ctx.db, scope, uuid)) ?? row;
}

// The agency's API bookings by the reseller's or our reference and by tour date, oldest first (at most 500)
