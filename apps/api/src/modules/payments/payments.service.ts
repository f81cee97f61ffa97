import { and, asc, desc, eq, gt, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { formatDisplayDate } from '@portal/contract/plain';
import { BOOKING_MESSAGES, HOLD_MINUTES, type BookingView } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, offers, payments, webhookEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { insertMail } from '../mail/mail.repo.ts';
import { bookingConfirmedMail } from '../bookings/booking-mails.ts';
import { findBooking, loadAgent, updateBooking, type BookingRow, type PaymentRow } from '../bookings/bookings.repo.ts';
import { ticketCount, ticketNumbers } from '../bookings/create-booking.ts';
import { viewOf } from '../bookings/manage-bookings.ts';
import { NO_STOCK, releaseStock, takeStock } from '../bookings/stock.ts';
import type { PaymentProviders } from './providers/index.ts';
import type {
  PaymentProvider,
  ProviderCharge,
  ProviderName,
  ProviderStatus,
  WebhookHeaders,
} from './providers/provider.ts';
import { MalformedWebhookError, UnhandledWebhookEventError, WebhookSignatureError } from './providers/provider.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const OPEN: ProviderStatus[] = ['pending', 'requires_action'];

async function lockPayment(tx: DbOrTx, where: SQL | undefined) {
  const [row] = await tx.select().from(payments).where(where).limit(1).for('update');
  return row ?? null;
}

// how long one node has to hear back from the provider about a refund before another may ask again (same id)
const REFUND_LEASE_SECONDS = 120;

export function createPaymentsService(deps: {
  db: Db;
  providers: PaymentProviders;
  stockLocking: boolean;
  log: ServiceContext['log'];
}) {
  const providerOf = (name: ProviderName): PaymentProvider => {
    const provider = deps.providers.byName(name);
    if (!provider) throw new Error(`payment provider ${name} is not configured`);
    return provider;
  };

  // Card attempt for a booking that already holds its stock: a payments row, then the provider (outside any transaction).
  async function startCardPayment(
    ctx: ServiceContext,
    booking: BookingRow,
    providerName?: ProviderName,
  ): Promise<void> {
    const expiresAt = booking.holdExpiresAt ?? new Date(Date.now() + HOLD_MINUTES * 60_000);
    const provider = (providerName ? deps.providers.byName(providerName) : null) ?? deps.providers.default;
    const [payment] = await deps.db
      .insert(payments)
      .values({
        bookingId: booking.id,
        agencyId: booking.agencyId,
        provider: provider.name,
        amountMinor: booking.netTotalMinor,
        currency: booking.currency,
        expiresAt,
      })
      .returning();
    if (!payment) throw new Error('payment insert returned nothing');
    let charge: ProviderCharge;
    try {
      const agent = await loadAgent(deps.db, booking.createdBy);
      charge = await provider.createCharge({
        paymentId: payment.id,
        reference: booking.reference,
        amountMinor: booking.netTotalMinor,
        currency: booking.currency,
        // in the booking's language, as the hosted page shows it (issue 9: the sandbox page was English on the Russian site)
        description: `${booking.reference}: ${booking.tourTitle[booking.language]} — ${booking.offerName[booking.language]}, ${formatDisplayDate(booking.date, booking.language)}`,
        language: booking.language,
        customerEmail: agent.email || booking.guestEmail,
        returnUrl: `${siteUrl(ctx.site, ctx.config)}/checkout?booking=${booking.id}&payment=${payment.id}`,
      });
    } catch (error) {
      // the hold stays until it expires, so the agent can try again
      deps.log.error({ err: error, paymentId: payment.id }, 'payment provider refused the charge');
      await deps.db.transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ status: 'failed', failureMessage: BOOKING_MESSAGES.paymentFailed, updatedAt: sql`now()` })
          .where(eq(payments.id, payment.id));
        await updateBooking(tx, booking.id, { status: 'payment_failed' }, eq(bookings.status, 'pending_payment'));
      });
      return;
    }
    await deps.db
      .update(payments)
      .set({
        providerRef: charge.providerRef,
        status: charge.status,
        redirectUrl: charge.redirectUrl,
        clientSecret: charge.clientSecret,
        failureMessage: charge.failureMessage,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    if (!OPEN.includes(charge.status)) {
      await applyStatus(ctx, {
        provider: provider.name,
        providerRef: charge.providerRef,
        status: charge.status,
        failureMessage: charge.failureMessage,
        eventId: null,
      });
    }
  }

  // Completes a booking whose payment succeeded; its stock is held, or taken again when the hold already lapsed.
  async function completePaid(tx: DbOrTx, booking: BookingRow, payment: PaymentRow): Promise<'completed' | 'refund'> {
    const hasHold = booking.heldUnits > 0 || booking.heldAdults > 0 || booking.heldChildren > 0;
    let stock = {
      stockUnits: booking.stockUnits,
      stockAdults: booking.stockAdults,
      stockChildren: booking.stockChildren,
    };
    const [offer] = await tx.select().from(offers).where(eq(offers.id, booking.offerId));
    if (!hasHold) {
      if (!offer || booking.slotId === null) return 'refund';
      const slotId = booking.slotId;
      try {
        const need = await tx.transaction(async (sp) =>
          takeStock(sp, slotId, { offer, people: booking, locking: deps.stockLocking }),
        );
        stock = { stockUnits: need.units, stockAdults: need.adults, stockChildren: need.children };
      } catch (error) {
        if (error instanceof AppError) return 'refund';
        throw error;
      }
    }
    const count = offer ? ticketCount(offer, booking) : booking.adults + booking.children;
    const done = await updateBooking(tx, booking.id, {
      ...stock,
      status: 'completed',
      heldUnits: 0,
      heldAdults: 0,
      heldChildren: 0,
      holdExpiresAt: null,
      paidPaymentId: payment.id,
      ticketNumbers: ticketNumbers(booking.reference, count),
      confirmedAt: new Date(),
    });
    if (done) await insertMail(tx, bookingConfirmedMail(done, await loadAgent(tx, booking.createdBy)));
    return 'completed';
  }

  // Money owed back to a card is written in the caller's transaction; settleRefunds pays it out after the commit,
  // and the sweeper retries what a provider did not confirm, so nothing owed is forgotten.
  async function markRefundDue(tx: DbOrTx, paymentId: string, amountMinor: number, reason: string): Promise<void> {
    if (amountMinor <= 0) return;
    await tx
      .update(payments)
      .set({
        refundDueMinor: sql`${payments.refundDueMinor} + ${amountMinor}`,
        refundReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, paymentId));
  }

  // One node asks the provider for a refund at a time: the claim moves what is owed into an attempt with an id and a
  // lease, in one statement (the row lock decides between nodes). The provider gets the attempt id as its
  // idempotency key; an attempt whose lease ran out without an answer is asked again under the same id.
  async function claimRefund(paymentId: string) {
    const result = (await deps.db.execute(sql`
      UPDATE payments SET
        refund_attempt_id = CASE WHEN refund_attempt_id IS NULL THEN gen_random_uuid() ELSE refund_attempt_id END,
        refund_attempt_minor = CASE WHEN refund_attempt_id IS NULL THEN refund_due_minor ELSE refund_attempt_minor END,
        refund_due_minor = CASE WHEN refund_attempt_id IS NULL THEN 0 ELSE refund_due_minor END,
        refund_attempt_until = now() + make_interval(secs => ${REFUND_LEASE_SECONDS}),
        updated_at = now()
      WHERE id = ${paymentId} AND provider_ref IS NOT NULL
        AND ((refund_attempt_id IS NULL AND refund_due_minor > 0) OR (refund_attempt_id IS NOT NULL AND refund_attempt_until < now()))
      RETURNING refund_attempt_id AS "attemptId", refund_attempt_minor AS "amountMinor", provider, provider_ref AS "providerRef", refund_reason AS "reason"`)) as unknown as {
      rows: {
        attemptId: string;
        amountMinor: string | number;
        provider: ProviderName;
        providerRef: string;
        reason: string | null;
      }[];
    };
    const row = result.rows[0];
    return row ? { ...row, amountMinor: Number(row.amountMinor) } : null;
  }

  async function settleRefunds(paymentId: string): Promise<void> {
    const attempt = await claimRefund(paymentId);
    if (!attempt) return;
    try {
      const refund = await providerOf(attempt.provider).refund(
        attempt.providerRef,
        attempt.amountMinor,
        attempt.reason ?? 'refund',
        attempt.attemptId,
      );
      if (refund.status === 'failed') throw new Error('the provider refused the refund');
      await deps.db
        .update(payments)
        .set({
          refundedMinor: sql`${payments.refundedMinor} + ${payments.refundAttemptMinor}`,
          refundAttemptMinor: 0,
          refundAttemptId: null,
          refundAttemptUntil: null,
          status: sql`CASE WHEN ${payments.refundedMinor} + ${payments.refundAttemptMinor} >= ${payments.amountMinor} THEN 'refunded' ELSE ${payments.status} END`,
          failureMessage: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.id, paymentId), eq(payments.refundAttemptId, attempt.attemptId)));
      // more may have become due while the provider answered
      await settleRefunds(paymentId);
    } catch (error) {
      deps.log.error({ err: error, paymentId }, 'refund failed; retried under the same attempt id after its lease');
      await deps.db
        .update(payments)
        .set({ failureMessage: 'Refund pending: the provider has not confirmed it yet', updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
    }
  }

  // A cancellation refund goes to the card that paid; written inside the cancel transaction, settled after it.
  async function markCardRefund(tx: DbOrTx, booking: BookingRow, amountMinor: number): Promise<string | null> {
    if (!booking.paidPaymentId || amountMinor <= 0) return null;
    await markRefundDue(tx, booking.paidPaymentId, amountMinor, `cancellation of ${booking.reference}`);
    return booking.paidPaymentId;
  }

  async function retryDueRefunds(limit = 20): Promise<void> {
    const due = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        or(
          gt(payments.refundDueMinor, 0),
          and(isNotNull(payments.refundAttemptId), lt(payments.refundAttemptUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(limit);
    for (const { id } of due) await settleRefunds(id);
  }

  // The one place a provider's answer changes state. A webhook's event id is recorded in the same transaction,
  // so a duplicate delivery changes nothing.
  async function applyStatus(
    ctx: Pick<ServiceContext, 'kickMail'> | null,
    event: {
      provider: ProviderName;
      providerRef: string;
      status: ProviderStatus;
      failureMessage: string | null;
      eventId: string | null;
    },
  ): Promise<void> {
    const refundFrom = await deps.db.transaction(async (tx) => {
      if (event.eventId) {
        const [fresh] = await tx
          .insert(webhookEvents)
          .values({ provider: event.provider, eventId: event.eventId })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.eventId });
        if (!fresh) return null;
      }
      const payment = await lockPayment(
        tx,
        and(eq(payments.provider, event.provider), eq(payments.providerRef, event.providerRef)),
      );
      // not ours yet (the charge reference is stored a moment after the provider answers): roll back, the provider retries
      if (!payment) throw new Error(`no payment for ${event.provider} ${event.providerRef}`);
      const booking = await findBooking(tx, payment.bookingId, true);
      if (!booking) throw new Error(`payment ${payment.id} has no booking`);
      if (event.status === 'succeeded') {
        if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
        await tx
          .update(payments)
          .set({ status: 'succeeded', failureMessage: null, updatedAt: sql`now()` })
          .where(eq(payments.id, payment.id));
        // only a booking still waiting for this money takes it; a cancelled, declined or already paid one gives it back
        const isWaiting =
          booking.status === 'pending_payment' ||
          booking.status === 'payment_failed' ||
          booking.status === 'payment_required';
        if (isWaiting && (await completePaid(tx, booking, payment)) === 'completed') return null;
        if (isWaiting) {
          await updateBooking(tx, booking.id, {
            status: 'cancelled',
            cancelledAt: new Date(),
            refundMinor: payment.amountMinor,
            cancellationFeeMinor: 0,
            declineReason:
              'The payment arrived after the 15-minute hold had expired and the tickets were sold out; it was refunded in full.',
          });
        }
        await markRefundDue(
          tx,
          payment.id,
          payment.amountMinor,
          isWaiting ? 'late payment, no stock left' : `booking ${booking.reference} was already ${booking.status}`,
        );
        return payment.id;
      }
      if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
      // a charge closed unpaid (the agent cancelled on the pay page, or the hold expired) says so in our words
      const failureMessage = event.status === 'cancelled' ? BOOKING_MESSAGES.paymentCancelled : event.failureMessage;
      await tx
        .update(payments)
        .set({ status: event.status, failureMessage, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      const [latest] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.bookingId, booking.id))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      if (
        (event.status === 'failed' || event.status === 'cancelled') &&
        booking.status === 'pending_payment' &&
        latest?.id === payment.id
      ) {
        // the hold stays until it expires, so the agent can try another card
        await updateBooking(tx, booking.id, { status: 'payment_failed' });
      }
      return null;
    });
    ctx?.kickMail();
    if (refundFrom) await settleRefunds(refundFrom);
  }

  async function cancelOpenCharges(ctx: ServiceContext | null, booking: BookingRow): Promise<void> {
    const open = await deps.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, booking.id),
          or(eq(payments.status, 'pending'), eq(payments.status, 'requires_action')),
          isNotNull(payments.providerRef),
        ),
      );
    for (const payment of open) {
      try {
        const charge = await providerOf(payment.provider).cancelCharge(payment.providerRef ?? '');
        await applyStatus(ctx, {
          provider: payment.provider,
          providerRef: charge.providerRef,
          status: charge.status,
          failureMessage: charge.failureMessage,
          eventId: null,
        });
      } catch (error) {
        deps.log.warn({ err: error, paymentId: payment.id }, 'could not cancel an open charge');
      }
    }
  }

  async function handleWebhook(providerName: ProviderName, rawBody: Buffer, headers: WebhookHeaders): Promise<void> {
    let event: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      event = providerOf(providerName).parseWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof UnhandledWebhookEventError) throw error;
      throw new MalformedWebhookError(error instanceof Error ? error.message : 'Malformed webhook body');
    }
    await applyStatus(null, {
      provider: providerName,
      providerRef: event.providerRef,
      status: event.status,
      failureMessage: event.failureMessage,
      eventId: event.eventId,
    });
  }

  // Asks the provider about an open payment (the return from a pay page may arrive before the webhook).
  async function refreshPayment(ctx: ServiceContext, paymentId: string): Promise<BookingView> {
    const actor = requireAgencyActor(ctx);
    const [payment] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.agencyId, actor.agencyId)))
      .limit(1);
    if (!payment) throw AppError.notFound('Unknown payment');
    const booking = await findBooking(deps.db, payment.bookingId);
    if (!booking || (actor.role === 'junior' && booking.createdBy !== actor.userId))
      throw AppError.notFound('Unknown payment');
    if (OPEN.includes(payment.status) && payment.providerRef) {
      try {
        const charge = await providerOf(payment.provider).retrieveCharge(payment.providerRef);
        if (charge.status !== payment.status) {
          await applyStatus(ctx, {
            provider: payment.provider,
            providerRef: payment.providerRef,
            status: charge.status,
            failureMessage: charge.failureMessage,
            eventId: null,
          });
        }
      } catch (error) {
        deps.log.warn({ err: error, paymentId }, 'payment status check failed');
      }
    }
    return viewOf(ctx, (await findBooking(deps.db, payment.bookingId)) ?? booking);
  }

  // Expired holds: ask the provider first (a payment may have gone through), then release the stock.
  // Expired holds: ask the provider first (a payment may have gone through), then release the stock. Also retries
  // card refunds a provider has not confirmed yet.
  async function sweepExpiredHolds(now = new Date(), limit = 50): Promise<number> {
    const due = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.holdExpiresAt),
          lt(bookings.holdExpiresAt, now),
          or(gt(bookings.heldUnits, 0), gt(bookings.heldAdults, 0), gt(bookings.heldChildren, 0)),
        ),
      )
      .orderBy(asc(bookings.holdExpiresAt))
      .limit(limit);
    let released = 0;
    for (const { id } of due) {
      try {
        if (await releaseExpiredHold(id, now)) released++;
      } catch (error) {
        deps.log.error({ err: error, bookingId: id }, 'could not release an expired hold');
      }
    }
    await retryDueRefunds();
    return released;
  }

  async function releaseExpiredHold(id: string, now: Date): Promise<boolean> {
    const booking = await findBooking(deps.db, id);
    if (!booking) return false;
    await cancelOpenCharges(null, booking);
    return deps.db.transaction(async (tx) => {
      const current = await findBooking(tx, id, true);
      if (!current || !current.holdExpiresAt || current.holdExpiresAt >= now) return false;
      if (current.heldUnits === 0 && current.heldAdults === 0 && current.heldChildren === 0) return false;
      if (current.slotId !== null)
        await releaseStock(tx, current.slotId, {
          units: current.heldUnits,
          adults: current.heldAdults,
          children: current.heldChildren,
        });
      await updateBooking(tx, id, {
        ...NO_STOCK,
        status: current.isRequest === 1 ? 'payment_required' : 'payment_failed',
      });
      return true;
    });
  }

  return {
    startCardPayment,
    applyStatus,
    handleWebhook,
    refreshPayment,
    markCardRefund,
    settleRefunds,
    cancelOpenCharges,
    sweepExpiredHolds,
  };
}
