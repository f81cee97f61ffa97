// The agent's verb: book a tour — a quotation request, a balance booking in one statement, or a card hold.
import { randomUUID } from 'node:crypto';
import type { CreateBookingResponse } from '@portal/contract';
import { BOOKING_MESSAGES, canViewBalances } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { dubaiMonth } from '../../lib/dubai-time.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { IdempotencyLostError, type IdempotencyClaim } from '../../lib/idempotency.ts';
import { insertMail } from '../mail/index.ts';
import { latestPaymentFor } from '../payments/index.ts';
import { bookingMessage, bookingView } from './booking-views.ts';
import { findBooking, insertBooking, type BookingRow } from './bookings.repo.ts';
import { bookingConfirmedMail, requestReceivedMail } from './booking-mails.ts';
import { bookingDescription, cardHoldColumns, ticketCount, ticketNumbers } from './booking-rules.ts';
import { holdBooking } from './hold-booking.ts';
import { isLockTimeout, withFreshReference, type BookingDeps } from './booking-transaction.ts';
import { bookingValues, prepareBooking, type CreateBookingInput } from './prepare-booking.ts';
import { noStockError, stockNeed } from './stock.ts';
import { capExceededError } from './spending-cap.ts';
import { readSlotStock } from './stock.repo.ts';
import {
  bookFromBalanceInOneStatement,
  statementAbort,
  type OneStatementResult,
} from './book-in-one-statement.repo.ts';

// The columns a new balance booking leaves at their defaults (it is built in memory after the one-statement insert)
const UNSET_BOOKING_COLUMNS = {
  isRequest: 0,
  hotelId: null,
  pickUpTime: null,
  promoCode: null,
  promoPercent: null,
  paidPaymentId: null,
  heldUnits: 0,
  heldAdults: 0,
  heldChildren: 0,
  holdExpiresAt: null,
  quotedNetMinor: null,
  quoteExpiresAt: null,
  quoteNote: null,
  declineReason: null,
  refundMinor: null,
  cancellationFeeMinor: null,
  cancelledAt: null,
  discountMinor: 0,
  cardSurchargeMinor: 0,
  notes: '',
  ticketNumbers: [] as string[],
  balanceAfterMinor: null,
  channel: 'agent' as const,
  widgetId: null,
  saleCurrency: null,
  saleTotalMinor: null,
  marginStatus: null,
  customerToken: null,
  customerUrl: null,
  apiKeyId: null,
  octoUuid: null,
  resellerReference: null,
  cancellationReason: null,
  insightSessionId: null,
  isTest: false,
} satisfies Partial<BookingRow>;

// `claim` records the new booking on the call's Idempotency-Key inside the transaction that writes it.
export async function createBooking(
  ctx: ServiceContext,
  deps: BookingDeps,
  body: CreateBookingInput,
  paymentMethod: 'balance' | 'card',
  claim: IdempotencyClaim,
): Promise<CreateBookingResponse> {
  const actor = requireAgencyActor(ctx);
  const now = new Date();
  const p = await prepareBooking(ctx, actor.agencyId, body, paymentMethod, now);
  // the agent's analytics session: the booking is its funnel's booked (and paid) step
  const insightSessionId = ctx.insightSessionId ?? null;

  const agent = { id: actor.userId, name: actor.name, email: actor.email };
  const view = (row: BookingRow, payment: Parameters<typeof bookingView>[1]['payment']) =>
    bookingView(row, {
      agent,
      payment,
      config: ctx.config,
      sites: ctx.sites,
      showBalance: canViewBalances(actor.role),
    });

  // SPEC §5/§8: past the cut-off or not instantly confirmable → a quotation request, no stock and no money taken
  if (p.isRequest)
    return withFreshReference(now, async (reference) => {
      const values = { ...bookingValues(actor, body, p, reference), insightSessionId };
      const booking = await ctx.db.transaction(async (tx) => {
        const row = await insertBooking(tx, { ...values, status: 'request', isRequest: 1, paymentMethod: null });
        await claim.record(tx, row.id);
        await insertMail(tx, requestReceivedMail(row, actor));
        return row;
      });
      ctx.kickMail();
      return {
        booking: view(booking, null),
        message: bookingMessage(booking, null),
      };
    });

  // Balance: one statement takes the seats, counts the cap, debits the balance and writes booking, entry and mail
  if (paymentMethod === 'balance')
    return withFreshReference(now, async (reference) => {
      const values = { ...bookingValues(actor, body, p, reference), insightSessionId };
      const need = stockNeed(p.offer, p.people);
      const row = {
        ...values,
        createdBy: actor.userId,
        id: randomUUID(),
        // counted toward the agent's monthly cap by the statement itself (a refusal takes nothing)
        spendMinor: values.netTotalMinor,
        spendMonth: dubaiMonth(now),
        stockUnits: need.units,
        stockAdults: need.adults,
        stockChildren: need.children,
        status: 'completed' as const,
        paymentMethod: 'balance' as const,
        ticketNumbers: ticketNumbers(values.reference, ticketCount(p.offer, p.people)),
        confirmedAt: now,
      };
      const input = {
        values: row,
        slotId: p.slotId,
        need,
        ledgerDescription: bookingDescription(row),
        mail: bookingConfirmedMail(row, actor),
        claim,
      };
      let result: OneStatementResult;
      try {
        const staleStock = deps.stockLocking ? undefined : ((await readSlotStock(ctx.db, p.slotId)) ?? undefined);
        result = await bookFromBalanceInOneStatement(ctx.db, { ...input, staleStock });
      } catch (error) {
        const aborted = statementAbort(error);
        if (aborted === 'insufficient_balance')
          throw AppError.field('paymentMethod', BOOKING_MESSAGES.insufficientBalance);
        if (aborted === 'spending_cap') throw await capExceededError(ctx.db, actor.userId, row.spendMonth, row);
        if (aborted === 'idempotency_lost') throw new IdempotencyLostError();
        if (isLockTimeout(error)) throw new AppError('conflict', BOOKING_MESSAGES.busy);
        throw error;
      }
      if (result.outcome === 'no_stock') throw await noStockError(ctx.db, p.slotId, p.offer, p.people);
      ctx.kickMail();
      const booking: BookingRow = {
        ...UNSET_BOOKING_COLUMNS,
        ...row,
        balanceAfterMinor: result.balanceAfterMinor,
        createdAt: now,
        updatedAt: now,
      };
      return {
        booking: view(booking, null),
        message: null,
      };
    });

  // Card: hold the stock for HOLD_MINUTES, then ask the provider outside the transaction (never call out inside one).
  const held = await holdBooking(ctx, {
    actor,
    body,
    prepared: p,
    now,
    stock: { take: true, locking: deps.stockLocking },
    columns: () => ({ ...cardHoldColumns(now), insightSessionId }),
    onHeld: (tx, row) => claim.record(tx, row.id),
  });
  await deps.startCardPayment(ctx, held);
  const fresh = (await findBooking(ctx.db, held.id)) ?? held;
  const payment = await latestPaymentFor(ctx.db, held.id);
  return {
    booking: view(fresh, payment),
    message: bookingMessage(fresh, payment),
  };
}
