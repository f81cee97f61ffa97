import type { CreateBookingResponse, PaymentMethod } from '@portal/contract';
import { BOOKING_MESSAGES, HOLD_MINUTES, chargedTotal } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { postLedgerEntry, readBalance } from '../ledger/index.ts';
import { insertMail } from '../mail/index.ts';
import { latestPaymentFor } from '../payments/index.ts';
import { bookingConfirmedMail } from './booking-mails.ts';
import { findBooking, findOffer, findVisibleBooking, updateBooking, type BookingRow } from './bookings.repo.ts';
import { assertNothingOverdue, requireBookingAgency } from './booking-guards.ts';
import { bookingDescription, ticketCount, ticketNumbers, visibilityOf } from './booking-rules.ts';
import { inBookingTransaction, type BookingDeps } from './booking-transaction.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import { viewOf } from './manage-bookings.ts';
import { takeStock } from './stock.ts';
import { countSpend } from './spending-cap.ts';
import { chargesOfSite, isHoldExpired, isHoldValid } from './booking-views.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';

// Pays a quoted request (Payment Required), or retries a card payment while the stock is still held.
export async function payBooking(
  ctx: ServiceContext,
  deps: BookingDeps,
  id: string,
  method: PaymentMethod,
  claim: IdempotencyClaim,
): Promise<CreateBookingResponse> {
  const { needsCard } = await payBookingRow(ctx, deps, id, method, claim);
  const row = await findBooking(ctx.db, id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const payment = await latestPaymentFor(ctx.db, id);
  return {
    booking: await viewOf(ctx, row),
    message: needsCard && payment?.status === 'failed' ? BOOKING_MESSAGES.paymentFailed : null,
  };
}

// The payment itself, without the answer's view (the reseller API answers in its own shape): whether a card charge
// was started, and the booking as the balance paid it. `before`: the booking as the caller just read it (saves the
// read); `extra`: columns written with the balance payment's own update (the reseller's guest details).
export async function payBookingRow(
  ctx: ServiceContext,
  deps: BookingDeps,
  id: string,
  method: PaymentMethod,
  claim: IdempotencyClaim,
  options: { before?: BookingRow; extra?: Parameters<typeof updateBooking>[2] } = {},
): Promise<{ needsCard: boolean; paid: BookingRow | null }> {
  const actor = requireAgencyActor(ctx);
  const agency = await requireBookingAgency(ctx, actor);
  if (method === 'card' && agency.isCreditCardTopupAllowed === 0)
    throw AppError.field('paymentMethod', BOOKING_MESSAGES.creditCardDisabled);
  if (method === 'balance')
    await assertNothingOverdue(ctx, agency, (await readBalance(ctx.db, agency.id, agency.currency)).balanceMinor);
  // The agent left a pay page without an answer (closed it, went back) and pays another way: that charge is closed
  // at the provider first, so one booking never has two charges open that could both be paid. If it was paid
  // meanwhile, its answer completes the booking and this call says so instead of charging again.
  const before = options.before ?? (await findVisibleBooking(ctx.db, visibilityOf(actor), id));
  if (before?.channel === 'widget') throw AppError.field('id', BOOKING_MESSAGES.notPayable);
  const wasPending = before?.status === 'pending_payment';
  // only a card's hold can have a charge open (a reseller API reservation holds seats with no payment method)
  if (before && wasPending && before.paymentMethod === 'card') await deps.closeOpenCharges(ctx, before);
  const now = new Date();
  let paid: BookingRow | null = null;
  const needsCard = await inBookingTransaction(ctx, async (tx) => {
    const booking = await findVisibleBooking(tx, visibilityOf(actor), id, true);
    if (!booking) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    // a widget sale is paid by its customer, on the shop's page, at the sale price: never by the agency
    if (booking.channel === 'widget') throw AppError.field('id', BOOKING_MESSAGES.notPayable);
    // a test booking is paid from the test balance by its key (reseller-bookings.ts), never with real money
    if (booking.isTest) throw AppError.field('id', BOOKING_MESSAGES.testBookingElsewhere);
    if (wasPending && booking.status === 'completed' && booking.paidPaymentId) {
      await claim.record(tx, booking.id);
      return null;
    }
    const offer = await findOffer(tx, booking.offerId);
    if (!offer || booking.slotId === null) throw AppError.field('id', BOOKING_MESSAGES.noTickets);
    const holds = booking.heldUnits > 0 || booking.heldAdults > 0 || booking.heldChildren > 0;
    const holdValid = isHoldValid(booking, now);
    if (booking.date < dubaiDate(now)) throw AppError.field('id', BOOKING_MESSAGES.timeslotsNotAvailable);
    // the price for the method chosen now: the quote (or the net after promo), plus the Russian site's card surcharge
    const baseMinor = booking.quotedNetMinor ?? booking.netBeforeDiscountMinor - booking.discountMinor;
    const { cardSurchargeMinor, totalMinor: amountMinor } = chargedTotal(chargesOfSite(ctx.sites, booking.siteId), {
      netMinor: baseMinor,
      promoPercent: null,
      method,
    });
    let stock = {
      stockUnits: booking.stockUnits,
      stockAdults: booking.stockAdults,
      stockChildren: booking.stockChildren,
    };

    if (booking.status === 'payment_required' && !holds) {
      if (booking.quotedNetMinor === null || !booking.quoteExpiresAt)
        throw AppError.field('id', BOOKING_MESSAGES.notPayable);
      if (booking.quoteExpiresAt <= now) throw AppError.field('id', BOOKING_MESSAGES.quoteExpired);
      const need = await takeStock(tx, booking.slotId, { offer, people: booking, locking: deps.stockLocking });
      stock = { stockUnits: need.units, stockAdults: need.adults, stockChildren: need.children };
    } else if (
      (booking.status === 'payment_failed' ||
        booking.status === 'payment_required' ||
        booking.status === 'pending_payment') &&
      holdValid
    ) {
      // the stock is already held for this booking
    } else if (
      isHoldExpired(booking, now) ||
      (booking.isRequest === 0 && booking.status === 'pending_payment' && !holdValid)
    ) {
      throw AppError.field('id', BOOKING_MESSAGES.holdExpired);
    } else {
      throw AppError.field('id', BOOKING_MESSAGES.notPayable);
    }
    if (method === 'card' && amountMinor <= 0) throw AppError.field('paymentMethod', BOOKING_MESSAGES.nothingToCharge);
    // the quote's money counts toward its creator's monthly cap from now (before the balance's lock)
    const spend = await countSpend(tx, booking, amountMinor, now);

    if (method === 'balance') {
      const posted = await postLedgerEntry(tx, {
        agencyId: booking.agencyId,
        currency: booking.currency,
        amountMinor: -amountMinor,
        kind: 'booking',
        description: bookingDescription(booking),
        reference: booking.reference,
        bookingId: booking.id,
      });
      if (!posted) throw AppError.field('paymentMethod', BOOKING_MESSAGES.insufficientBalance);
      const done = await updateBooking(tx, booking.id, {
        ...options.extra,
        ...stock,
        ...spend,
        status: 'completed',
        paymentMethod: 'balance',
        netTotalMinor: amountMinor,
        cardSurchargeMinor,
        heldUnits: 0,
        heldAdults: 0,
        heldChildren: 0,
        holdExpiresAt: null,
        balanceAfterMinor: posted.balanceAfterMinor,
        ticketNumbers: ticketNumbers(booking.reference, ticketCount(offer, booking)),
        confirmedAt: now,
      });
      if (done) await insertMail(tx, bookingConfirmedMail(done, actor));
      await claim.record(tx, booking.id);
      paid = done;
      return null;
    }
    const pending = await updateBooking(tx, booking.id, {
      ...stock,
      ...spend,
      status: 'pending_payment',
      paymentMethod: 'card',
      netTotalMinor: amountMinor,
      cardSurchargeMinor,
      heldUnits: stock.stockUnits,
      heldAdults: stock.stockAdults,
      heldChildren: stock.stockChildren,
      holdExpiresAt: holdValid ? booking.holdExpiresAt : new Date(now.getTime() + HOLD_MINUTES * 60_000),
    });
    await claim.record(tx, booking.id);
    return pending;
  });
  ctx.kickMail();
  if (needsCard) await deps.startCardPayment(ctx, needsCard);
  return { needsCard: needsCard !== null, paid };
}
