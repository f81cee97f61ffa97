import { formatDisplayDate } from '@portal/contract/plain';
import { BOOKING_MESSAGES, HOLD_MINUTES, type BookingView } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { insertMail } from '../mail/index.ts';
import {
  latestPaymentFor,
  type PaymentOwner,
  type PaymentRecord,
  type PaymentsService,
  type ProviderName,
} from '../payments/index.ts';
import { bookingConfirmedMail } from './booking-mails.ts';
import { cardChargeOf } from './booking-views.ts';
import { queueWidgetSaleMails } from './widget-sales.ts';
import {
  expiredHoldIds,
  findBooking,
  findOffer,
  findVisibleBooking,
  loadAgent,
  updateBooking,
  type BookingRow,
} from './bookings.repo.ts';
import { ticketCount, ticketNumbers, visibilityOf } from './booking-rules.ts';
import { viewOf } from './manage-bookings.ts';
import { NO_STOCK, takeStock } from './stock.ts';
import { releaseStock } from './stock.repo.ts';
import { countSpend } from './spending-cap.ts';

// What bookings ask of card payments: start a charge for a booking that holds its stock, refunds owed to the card
// that paid, and closing what is still open.
export type BookingCards = {
  start: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
  // writes the refund owed to the card that paid, inside the cancel transaction; returns the payment to settle
  mark: (tx: DbOrTx, booking: BookingRow, amountMinor: number) => Promise<string | null>;
  settle: (paymentId: string) => Promise<void>;
  cancelOpen: (ctx: ServiceContext | null, booking: BookingRow) => Promise<void>;
};

export function bookingCards(payments: PaymentsService, provider?: ProviderName): BookingCards {
  return {
    start: async (ctx, booking) => {
      const agent = await loadAgent(ctx.db, booking.createdBy);
      const charge = cardChargeOf(booking);
      await payments.startCharge(
        ctx,
        {
          owner: { bookingId: booking.id },
          agencyId: booking.agencyId,
          amountMinor: charge.amountMinor,
          currency: charge.currency,
          expiresAt: booking.holdExpiresAt ?? new Date(Date.now() + HOLD_MINUTES * 60_000),
          reference: booking.reference,
          // in the booking's language, as the hosted page shows it (issue 9: the sandbox page was English on the Russian site)
          description: `${booking.reference}: ${booking.tourTitle[booking.language]} — ${booking.offerName[booking.language]}, ${formatDisplayDate(booking.date, booking.language)}`,
          language: booking.language,
          customerEmail: agent.email || booking.guestEmail,
          // a widget sale's customer comes back to the shop's own page of the sale
          returnUrl: (paymentId) =>
            booking.customerUrl ??
            `${siteUrl(ctx.site, ctx.config)}/checkout?booking=${booking.id}&payment=${paymentId}`,
        },
        provider,
      );
    },
    mark: async (tx, booking, amountMinor) => {
      if (!booking.paidPaymentId || amountMinor <= 0) return null;
      await payments.markRefundDue(tx, booking.paidPaymentId, amountMinor, `cancellation of ${booking.reference}`);
      return booking.paidPaymentId;
    },
    settle: (paymentId) => payments.settleRefunds(paymentId),
    cancelOpen: (ctx, booking) => payments.cancelOpenCharges(ctx, { bookingId: booking.id }),
  };
}

const isWaitingForMoney = (booking: BookingRow) =>
  booking.status === 'pending_payment' || booking.status === 'payment_failed' || booking.status === 'payment_required';

// Completes a booking whose payment succeeded; its stock is held, or taken again when the hold already lapsed.
async function completePaid(
  tx: DbOrTx,
  booking: BookingRow,
  payment: PaymentRecord,
  stockLocking: boolean,
): Promise<boolean> {
  const hasHold = booking.heldUnits > 0 || booking.heldAdults > 0 || booking.heldChildren > 0;
  let stock = {
    stockUnits: booking.stockUnits,
    stockAdults: booking.stockAdults,
    stockChildren: booking.stockChildren,
  };
  let spend = { spendMinor: booking.spendMinor, spendMonth: booking.spendMonth };
  const offer = await findOffer(tx, booking.offerId);
  if (!hasHold) {
    if (!offer || booking.slotId === null) return false;
    const slotId = booking.slotId;
    try {
      // the seats and the agent's monthly cap are taken again (the lapsed hold gave both back); either refused →
      // the payment is refunded
      const taken = await tx.transaction(async (sp) => {
        const need = await takeStock(sp, slotId, { offer, people: booking, locking: stockLocking });
        return { need, spend: await countSpend(sp, booking, booking.netTotalMinor, new Date()) };
      });
      const { need } = taken;
      spend = taken.spend;
      stock = { stockUnits: need.units, stockAdults: need.adults, stockChildren: need.children };
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
  const count = offer ? ticketCount(offer, booking) : booking.adults + booking.children;
  const isSale = booking.channel === 'widget';
  const done = await updateBooking(tx, booking.id, {
    // a widget sale's margin waits for the tour date (widget-sales.ts#creditDueMargins)
    ...(isSale ? { marginStatus: 'pending' as const } : {}),
    ...stock,
    ...spend,
    status: 'completed',
    heldUnits: 0,
    heldAdults: 0,
    heldChildren: 0,
    holdExpiresAt: null,
    paidPaymentId: payment.id,
    ticketNumbers: ticketNumbers(booking.reference, count),
    confirmedAt: new Date(),
  });
  if (done && isSale) await queueWidgetSaleMails(tx, done);
  else if (done) await insertMail(tx, bookingConfirmedMail(done, await loadAgent(tx, booking.createdBy)));
  return true;
}

// A booking as the owner of its card payments: only a booking still waiting for the money takes it; a cancelled,
// declined or already paid one, or one whose seats were sold after its hold lapsed, gives it back in full.
export function bookingPaymentOwner(deps: { stockLocking: boolean }): PaymentOwner {
  const lockedBooking = async (tx: DbOrTx, payment: PaymentRecord) => {
    const booking = payment.bookingId === null ? null : await findBooking(tx, payment.bookingId, true);
    if (!booking) throw new Error(`payment ${payment.id} has no booking`);
    return booking;
  };
  return {
    paid: async (tx, payment) => {
      const booking = await lockedBooking(tx, payment);
      if (!isWaitingForMoney(booking))
        return { kept: false, refundReason: `booking ${booking.reference} was already ${booking.status}` };
      // A charge started for an earlier price (a quote changed since, and the charge was not closed in time) pays
      // for nothing now: it goes back in full and the booking keeps waiting for a charge of what it costs
      const due = cardChargeOf(booking);
      if (payment.amountMinor !== due.amountMinor || payment.currency !== due.currency)
        return {
          kept: false,
          refundReason: `booking ${booking.reference} costs ${due.amountMinor} ${due.currency} minor units now, not the ${payment.amountMinor} ${payment.currency} this charge was for`,
        };
      if (await completePaid(tx, booking, payment, deps.stockLocking)) return { kept: true };
      await updateBooking(tx, booking.id, {
        status: 'cancelled',
        cancelledAt: new Date(),
        refundMinor: payment.amountMinor,
        cancellationFeeMinor: 0,
        declineReason:
          'The payment arrived after the 15-minute hold had expired and the tickets were sold out; it was refunded in full.',
      });
      return { kept: false, refundReason: 'late payment, no stock left' };
    },
    closedUnpaid: async (tx, payment, { isLatest }) => {
      const booking = await lockedBooking(tx, payment);
      // the hold stays until it expires, so the agent can try another card
      if (booking.status === 'pending_payment' && isLatest)
        await updateBooking(tx, booking.id, { status: 'payment_failed' });
    },
  };
}

// The return from a pay page may arrive before the webhook: ask the provider, then show the booking.
export async function refreshBookingPayment(
  ctx: ServiceContext,
  payments: PaymentsService,
  paymentId: string,
): Promise<BookingView> {
  const actor = requireAgencyActor(ctx);
  const payment = await payments.findForAgency(actor.agencyId, paymentId);
  if (!payment?.bookingId) throw AppError.notFound(BOOKING_MESSAGES.unknownPayment);
  const bookingId = payment.bookingId;
  const booking = await findVisibleBooking(ctx.db, visibilityOf(actor), bookingId);
  if (!booking) throw AppError.notFound(BOOKING_MESSAGES.unknownPayment);
  await payments.refreshCharge(ctx, payment);
  // the page may still name an earlier attempt (another card was tried on it since): the open one is asked too
  const latest = await latestPaymentFor(ctx.db, bookingId);
  if (latest && latest.id !== payment.id) await payments.refreshCharge(ctx, latest);
  return viewOf(ctx, (await findBooking(ctx.db, bookingId)) ?? booking);
}

async function releaseExpiredHold(db: Db, cards: BookingCards, id: string, now: Date): Promise<boolean> {
  const booking = await findBooking(db, id);
  if (!booking) return false;
  // a payment may have gone through: the provider is asked first
  await cards.cancelOpen(null, booking);
  return db.transaction(async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current || !current.holdExpiresAt || current.holdExpiresAt >= now) return false;
    if (current.heldUnits === 0 && current.heldAdults === 0 && current.heldChildren === 0) return false;
    // a test reservation held seats on paper only: nothing goes back
    if (current.slotId !== null && !current.isTest)
      await releaseStock(tx, current.slotId, {
        units: current.heldUnits,
        adults: current.heldAdults,
        children: current.heldChildren,
      });
    // the lapsed hold's money no longer counts toward the agent's monthly cap
    const spend = await countSpend(tx, current, 0, now);
    await updateBooking(tx, id, {
      ...NO_STOCK,
      ...spend,
      status: current.isRequest === 1 ? 'payment_required' : 'payment_failed',
    });
    return true;
  });
}

// Expired holds: the open charge is closed at the provider, then the stock goes back. Returns how many were released.
export async function releaseExpiredHolds(
  db: Db,
  cards: BookingCards,
  log: ServiceContext['log'],
  now = new Date(),
  limit = 50,
): Promise<number> {
  let released = 0;
  for (const id of await expiredHoldIds(db, now, limit)) {
    try {
      if (await releaseExpiredHold(db, cards, id, now)) released++;
    } catch (error) {
      log.error({ err: error, bookingId: id }, 'could not release an expired hold');
    }
  }
  return released;
}
