import { and, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
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
import { releaseStock, takeStock } from '../bookings/stock.ts';
import type { PaymentProviders } from './providers/index.ts';
import type { PaymentProvider, ProviderName, ProviderStatus, WebhookHeaders } from './providers/provider.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const OPEN: ProviderStatus[] = ['pending', 'requires_action'];

async function lockPayment(tx: DbOrTx, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(payments).where(where).limit(1).for('update');
  return row ?? null;
}

export function createPaymentsService(deps: { db: Db; providers: PaymentProviders; stockLocking: boolean; log: ServiceContext['log'] }) {
  const providerOf = (name: ProviderName): PaymentProvider => {
    const provider = deps.providers.byName(name);
    if (!provider) throw new Error(`payment provider ${name} is not configured`);
    return provider;
  };

  // Card attempt for a booking that already holds its stock: a payments row, then the provider (outside any transaction).
  async function startCardPayment(ctx: ServiceContext, booking: BookingRow, providerName?: ProviderName): Promise<void> {
    const provider = providerName ? providerOf(providerName) : deps.providers.default;
    const expiresAt = booking.holdExpiresAt ?? new Date(Date.now() + HOLD_MINUTES * 60_000);
    const [payment] = await deps.db
      .insert(payments)
      .values({ bookingId: booking.id, agencyId: booking.agencyId, provider: provider.name, amountMinor: booking.netTotalMinor, currency: booking.currency, expiresAt })
      .returning();
    if (!payment) throw new Error('payment insert returned nothing');
    const agent = await loadAgent(deps.db, booking.createdBy);
    try {
      const charge = await provider.createCharge({
        paymentId: payment.id,
        reference: booking.reference,
        amountMinor: booking.netTotalMinor,
        currency: booking.currency,
        description: `${booking.reference}: ${booking.tourTitle.en} — ${booking.offerName.en}, ${booking.date}`,
        customerEmail: agent.email || booking.guestEmail,
        returnUrl: `${siteUrl(ctx.site, ctx.config)}/checkout?booking=${booking.id}&payment=${payment.id}`,
      });
      await deps.db
        .update(payments)
        .set({ providerRef: charge.providerRef, status: charge.status, redirectUrl: charge.redirectUrl, clientSecret: charge.clientSecret, failureMessage: charge.failureMessage, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      if (charge.status !== 'pending' && charge.status !== 'requires_action') {
        await applyStatus(ctx, { provider: provider.name, providerRef: charge.providerRef, status: charge.status, failureMessage: charge.failureMessage, eventId: null });
      }
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'payment provider refused the charge');
      await deps.db.transaction(async (tx) => {
        await tx.update(payments).set({ status: 'failed', failureMessage: BOOKING_MESSAGES.paymentFailed, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
        await updateBooking(tx, booking.id, { status: 'payment_failed' }, eq(bookings.status, 'pending_payment'));
      });
    }
  }

  // Completes a booking whose payment succeeded; its stock is held, or taken again when the hold already lapsed.
  async function completePaid(tx: DbOrTx, booking: BookingRow, amountMinor: number): Promise<'completed' | 'refund'> {
    const hasHold = booking.heldUnits > 0 || booking.heldAdults > 0 || booking.heldChildren > 0;
    if (!hasHold) {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, booking.offerId));
      if (!offer || booking.slotId === null) return 'refund';
      try {
        await tx.transaction(async (sp) => takeStock(sp, booking.slotId ?? 0, { offer, people: booking, locking: deps.stockLocking }));
      } catch (error) {
        if (error instanceof AppError) return 'refund';
        throw error;
      }
    }
    const [offer] = await tx.select({ pricingUnit: offers.pricingUnit, isSame: offers.isSameTicketForAdultsAndChildren }).from(offers).where(eq(offers.id, booking.offerId));
    const count = offer ? ticketCount({ pricingUnit: offer.pricingUnit, isSameTicketForAdultsAndChildren: offer.isSame }, booking) : booking.adults + booking.children;
    const done = await updateBooking(tx, booking.id, {
      status: 'completed',
      heldUnits: 0,
      heldAdults: 0,
      heldChildren: 0,
      holdExpiresAt: null,
      netTotalMinor: amountMinor,
      ticketNumbers: ticketNumbers(booking.reference, count),
      confirmedAt: new Date(),
      cancelledAt: null,
    });
    if (done) {
      const agent = await loadAgent(tx, booking.createdBy);
      await insertMail(tx, bookingConfirmedMail(done, agent));
    }
    return 'completed';
  }

  // The one place a provider's answer changes state. A webhook's event id is recorded in the same transaction,
  // so a duplicate delivery changes nothing.
  async function applyStatus(
    ctx: Pick<ServiceContext, 'kickMail'> | null,
    event: { provider: ProviderName; providerRef: string; status: ProviderStatus; failureMessage: string | null; eventId: string | null },
  ): Promise<void> {
    const outcome = await deps.db.transaction(async (tx) => {
      if (event.eventId) {
        const [fresh] = await tx.insert(webhookEvents).values({ provider: event.provider, eventId: event.eventId }).onConflictDoNothing().returning({ id: webhookEvents.eventId });
        if (!fresh) return null;
      }
      const payment = await lockPayment(tx, and(eq(payments.provider, event.provider), eq(payments.providerRef, event.providerRef)) as ReturnType<typeof eq>);
      if (!payment) return null;
      const booking = await findBooking(tx, payment.bookingId, true);
      if (!booking) return null;
      if (event.status === 'succeeded') {
        if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
        await tx.update(payments).set({ status: 'succeeded', failureMessage: null, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
        if (booking.status === 'completed') return { payment, refund: payment.amountMinor, reason: 'paid twice' };
        const result = await completePaid(tx, booking, payment.amountMinor);
        if (result === 'refund') {
          await updateBooking(tx, booking.id, {
            status: 'cancelled',
            cancelledAt: new Date(),
            refundMinor: payment.amountMinor,
            cancellationFeeMinor: 0,
            declineReason: 'The payment arrived after the 15-minute hold had expired and the tickets were sold out; it was refunded in full.',
          });
          return { payment, refund: payment.amountMinor, reason: 'late payment, no stock left' };
        }
        return { payment, refund: 0, reason: '' };
      }
      if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
      await tx.update(payments).set({ status: event.status, failureMessage: event.failureMessage, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      if ((event.status === 'failed' || event.status === 'cancelled') && booking.status === 'pending_payment') {
        // the hold stays until it expires, so the agent can try another card
        await updateBooking(tx, booking.id, { status: 'payment_failed' });
      }
      return null;
    });
    ctx?.kickMail();
    if (outcome && outcome.refund > 0) await refundPayment(outcome.payment, outcome.refund, outcome.reason);
  }

  async function refundPayment(payment: PaymentRow, amountMinor: number, reason: string): Promise<void> {
    if (!payment.providerRef) return;
    try {
      const refund = await providerOf(payment.provider).refund(payment.providerRef, amountMinor, reason);
      if (refund.status === 'failed') throw new Error('refund failed at the provider');
      const full = payment.refundedMinor + amountMinor >= payment.amountMinor;
      await deps.db
        .update(payments)
        .set({ refundedMinor: sql`${payments.refundedMinor} + ${amountMinor}`, status: full ? 'refunded' : payment.status === 'refunded' ? 'refunded' : 'succeeded', updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
    } catch (error) {
      // left for the operators' reconciliation: the payment keeps its failure note
      deps.log.error({ err: error, paymentId: payment.id }, 'refund failed');
      await deps.db.update(payments).set({ failureMessage: `Refund of ${amountMinor} failed: reconcile manually`, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
    }
  }

  async function refundBooking(_ctx: ServiceContext, booking: BookingRow, amountMinor: number): Promise<void> {
    const [payment] = await deps.db.select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'succeeded'))).limit(1);
    if (payment) await refundPayment(payment, amountMinor, `cancellation of ${booking.reference}`);
  }

  async function cancelOpenCharges(ctx: ServiceContext | null, booking: BookingRow): Promise<void> {
    const open = await deps.db.select().from(payments).where(and(eq(payments.bookingId, booking.id), or(eq(payments.status, 'pending'), eq(payments.status, 'requires_action')), isNotNull(payments.providerRef)));
    for (const payment of open) {
      try {
        const charge = await providerOf(payment.provider).cancelCharge(payment.providerRef ?? '');
        await applyStatus(ctx, { provider: payment.provider, providerRef: charge.providerRef, status: charge.status, failureMessage: charge.failureMessage, eventId: null });
      } catch (error) {
        deps.log.warn({ err: error, paymentId: payment.id }, 'could not cancel an open charge');
      }
    }
  }

  async function handleWebhook(providerName: ProviderName, rawBody: Buffer, headers: WebhookHeaders): Promise<void> {
    const event = providerOf(providerName).parseWebhook(rawBody, headers);
    await applyStatus(null, { provider: providerName, providerRef: event.providerRef, status: event.status, failureMessage: event.failureMessage, eventId: event.eventId });
  }

  // Asks the provider about an open payment (the return from a pay page may arrive before the webhook).
  async function refreshPayment(ctx: ServiceContext, paymentId: string): Promise<BookingView> {
    const actor = requireAgencyActor(ctx);
    const [payment] = await deps.db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.agencyId, actor.agencyId))).limit(1);
    if (!payment) throw AppError.notFound('Unknown payment');
    const booking = await findBooking(deps.db, payment.bookingId);
    if (!booking || (actor.role === 'junior' && booking.createdBy !== actor.userId)) throw AppError.notFound('Unknown payment');
    if (OPEN.includes(payment.status) && payment.providerRef) {
      try {
        const charge = await providerOf(payment.provider).retrieveCharge(payment.providerRef);
        if (charge.status !== payment.status) {
          await applyStatus(ctx, { provider: payment.provider, providerRef: payment.providerRef, status: charge.status, failureMessage: charge.failureMessage, eventId: null });
        }
      } catch (error) {
        deps.log.warn({ err: error, paymentId }, 'payment status check failed');
      }
    }
    return viewOf(ctx, (await findBooking(deps.db, payment.bookingId)) ?? booking);
  }

  // Expired holds: ask the provider first (a payment may have gone through), then release the stock.
  async function sweepExpiredHolds(now = new Date(), limit = 50): Promise<number> {
    const due = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(isNotNull(bookings.holdExpiresAt), lt(bookings.holdExpiresAt, now), or(gt(bookings.heldUnits, 0), gt(bookings.heldAdults, 0), gt(bookings.heldChildren, 0))))
      .limit(limit);
    let released = 0;
    for (const { id } of due) {
      const booking = await findBooking(deps.db, id);
      if (!booking) continue;
      await cancelOpenCharges(null, booking);
      const didRelease = await deps.db.transaction(async (tx) => {
        const current = await findBooking(tx, id, true);
        if (!current || !current.holdExpiresAt || current.holdExpiresAt >= now) return false;
        if (current.heldUnits === 0 && current.heldAdults === 0 && current.heldChildren === 0) return false;
        if (current.slotId !== null) await releaseStock(tx, current.slotId, { units: current.heldUnits, adults: current.heldAdults, children: current.heldChildren });
        await updateBooking(tx, id, { heldUnits: 0, heldAdults: 0, heldChildren: 0, status: current.isRequest === 1 ? 'payment_required' : 'payment_failed' });
        return true;
      });
      if (didRelease) released++;
    }
    return released;
  }

  function startSweeper(intervalMs: number): () => void {
    if (intervalMs <= 0) return () => undefined;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweepExpiredHolds()
        .catch((error: unknown) => deps.log.error({ err: error }, 'hold sweeper failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { startCardPayment, applyStatus, handleWebhook, refreshPayment, refundBooking, cancelOpenCharges, sweepExpiredHolds, startSweeper };
}
