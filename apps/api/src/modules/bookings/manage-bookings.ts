import type {
  BookingFilters,
  BookingListResponse,
  BookingOptionsResponse,
  BookingView,
  CancelBookingBody,
  CancellationPreview,
  CreateBookingResponse,
  Language,
} from '@portal/contract';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUS_LABELS,
  BookingStatus,
  DESK_MESSAGES,
  canViewBalances,
  minorToMajor,
  percentOfMinor,
  toMinor,
  refundPercent,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { t } from '../../lib/i18n.ts';
import { dubaiInstant } from '../catalogue/index.ts';
import { postLedgerEntry } from '../ledger/index.ts';
import { latestPaymentFor } from '../payments/index.ts';
import { bookingListRow, bookingMessage, bookingView, cardChargeOf } from './booking-views.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import {
  findBooking,
  findVisibleBooking,
  loadAgent,
  loadApiKeyName,
  loadWidgetBrand,
  findOffer,
  updateBooking,
  type BookingRow,
} from './bookings.repo.ts';
import { bookingOptions, filterConditions, listBookings } from './bookings-list.repo.ts';
import { inBookingTransaction } from './booking-transaction.ts';
import { visibilityOf } from './booking-rules.ts';
import { NO_STOCK } from './stock.ts';
import { releaseStock } from './stock.repo.ts';
import { countSpend } from './spending-cap.ts';

// who booked: the agent, or for a widget sale the shop it was sold in (its name where an agent's would be)
async function bookedBy(db: DbOrTx, row: BookingRow) {
  if (row.channel === 'api' && row.apiKeyId) {
    const agent = await loadAgent(db, row.createdBy);
    return { ...agent, name: (await loadApiKeyName(db, row.apiKeyId)) ?? agent.name };
  }
  if (row.channel !== 'widget' || !row.widgetId) return loadAgent(db, row.createdBy);
  return { id: '', name: (await loadWidgetBrand(db, row.widgetId))?.name ?? '', email: '' };
}

export async function viewOf(ctx: ServiceContext, row: BookingRow, language?: Language): Promise<BookingView> {
  const [agent, payment] = await Promise.all([bookedBy(ctx.db, row), latestPaymentFor(ctx.db, row.id)]);
  return bookingView(row, {
    agent,
    payment,
    config: ctx.config,
    sites: ctx.sites,
    language,
    showBalance: canViewBalances(ctx.actor?.role),
  });
}

// The answer to a booking call, rebuilt from the booking: a retry with the Idempotency-Key of a call whose booking
// committed (then crashed or failed before answering) gets this.
export async function bookingResponse(ctx: ServiceContext, id: string): Promise<CreateBookingResponse> {
  const actor = requireAgencyActor(ctx);
  const row = await findVisibleBooking(ctx.db, { agencyId: actor.agencyId, onlyCreatedBy: null }, id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const booking = await viewOf(ctx, row);
  return { booking, message: bookingMessage(row, booking.payment) };
}

export async function getBooking(
  ctx: ServiceContext,
  id: string,
  options: { onlyRequests?: boolean; language?: Language } = {},
): Promise<BookingView> {
  const actor = requireAgencyActor(ctx);
  const row = await findVisibleBooking(ctx.db, visibilityOf(actor), id);
  if (!row || (options.onlyRequests && row.isRequest !== 1)) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  return viewOf(ctx, row, options.language);
}

export async function listVisibleBookings(
  ctx: ServiceContext,
  filters: BookingFilters & { page: number; onPage: number },
  onlyRequests: boolean,
  language: Language,
): Promise<BookingListResponse> {
  const actor = requireAgencyActor(ctx);
  const conditions = filterConditions(visibilityOf(actor), filters, onlyRequests);
  const { rows, total } = await listBookings(ctx.db, conditions, {
    limit: filters.onPage,
    offset: (filters.page - 1) * filters.onPage,
  });
  return {
    items: rows.map((r) => bookingListRow(r.booking, r.agentName, language, canViewBalances(actor.role))),
    total,
    page: filters.page,
    onPage: filters.onPage,
  };
}

export async function listOptions(ctx: ServiceContext, language: Language): Promise<BookingOptionsResponse> {
  const actor = requireAgencyActor(ctx);
  const { tourRows, agentRows, channels, hasTestBookings } = await bookingOptions(ctx.db, visibilityOf(actor));
  return {
    statuses: BookingStatus.options.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] })),
    tours: tourRows.map((t) => ({ id: t.id, title: t.title[language] })),
    agents: agentRows,
    channels,
    hasTestBookings,
  };
}

async function startInstant(db: DbOrTx, row: BookingRow): Promise<number> {
  let time = row.startTime;
  if (!time) {
    time = (await findOffer(db, row.offerId))?.openingTime ?? '00:00';
  }
  return dubaiInstant(row.date, time);
}

type CancelPlan = CancellationPreview & { refundMinor: number; feeMinor: number };

export async function planCancellation(db: DbOrTx, row: BookingRow, now: Date): Promise<CancelPlan> {
  const hoursBeforeStart = Math.floor(((await startInstant(db, row)) - now.getTime()) / 360_000) / 10;
  // what was paid: a widget sale's customer paid the sale price in the widget's currency, and gets its refund in it
  const paid = cardChargeOf(row);
  const base = {
    hoursBeforeStart,
    currencyCode: paid.currency,
    refundTo: row.status === 'completed' ? row.paymentMethod : null,
  };
  const closed = (reason: string): CancelPlan => ({
    ...base,
    cancellable: false,
    reason,
    refundPercent: 0,
    refundAmount: 0,
    cancellationFee: 0,
    refundMinor: 0,
    feeMinor: 0,
  });
  if (row.status === 'cancelled') return closed(BOOKING_MESSAGES.notCancellable);
  if (hoursBeforeStart <= 0) return closed(BOOKING_MESSAGES.notCancellable);
  if (row.status !== 'completed') {
    // nothing was paid: a request, a quote or an unpaid card hold is withdrawn free of charge
    return {
      ...base,
      cancellable: true,
      reason: null,
      refundPercent: 0,
      refundAmount: 0,
      cancellationFee: 0,
      refundMinor: 0,
      feeMinor: 0,
    };
  }
  // SPEC §9: tiers by hours descending, non-refundable below the last
  const percent = refundPercent(row.cancellationPolicy, hoursBeforeStart);
  const refundMinor = percentOfMinor(paid.amountMinor, percent);
  const feeMinor = paid.amountMinor - refundMinor;
  return {
    ...base,
    cancellable: true,
    reason: null,
    refundPercent: percent,
    refundAmount: minorToMajor(refundMinor),
    cancellationFee: minorToMajor(feeMinor),
    refundMinor,
    feeMinor,
  };
}

export async function previewCancellation(ctx: ServiceContext, id: string): Promise<CancellationPreview> {
  const actor = requireAgencyActor(ctx);
  const row = await findVisibleBooking(ctx.db, visibilityOf(actor), id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const { refundMinor: _r, feeMinor: _f, ...preview } = await planCancellation(ctx.db, row, new Date());
  return preview;
}

export type CardRefunds = {
  // writes the refund owed to the card that paid, inside the cancel transaction; returns the payment to settle
  mark: (tx: DbOrTx, booking: BookingRow, amountMinor: number) => Promise<string | null>;
  settle: (paymentId: string) => Promise<void>;
  cancelOpen: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
};

// `expected`: the terms shown in the preview (the agent's or the operator's). Decided under the booking's row lock:
// a payment that completed meanwhile (a free cancel of an unpaid quote or hold would become a paid one, fee kept),
// the policy's next tier beginning, or another change makes it a 409 that changes nothing, so they look again.
function assertTermsAsSeen(plan: CancelPlan, expected: CancelBookingBody): void {
  const refundDiffers = expected.expectedRefund !== undefined && toMinor(expected.expectedRefund) !== plan.refundMinor;
  const destinationDiffers = expected.expectedRefundTo !== undefined && expected.expectedRefundTo !== plan.refundTo;
  if (refundDiffers || destinationDiffers) throw new AppError('conflict', BOOKING_MESSAGES.cancellationChanged);
}

export async function cancelBooking(
  ctx: ServiceContext,
  id: string,
  card: CardRefunds,
  claim: IdempotencyClaim,
  expected: CancelBookingBody = {},
): Promise<BookingView> {
  const actor = requireAgencyActor(ctx);
  return cancelWith(ctx, card, {
    lock: (tx) => findVisibleBooking(tx, visibilityOf(actor), id, true),
    adjust: (plan) => {
      assertTermsAsSeen(plan, expected);
      return plan;
    },
    afterCancel: (tx, updated) => claim.record(tx, updated.id),
  });
}

// The tours company cancels on the agency's behalf (issue 12): the same path as the agency's own cancellation —
// stock released, the refund to the balance or the card exactly once (the booking's row lock and status decide) —
// with the fee the policy gives or the operator's override, and one audit row in the same transaction.
export async function cancelOnBehalf(
  ctx: ServiceContext,
  id: string,
  card: CardRefunds,
  input: { feeOverrideMinor: number | null; reason: string; expected?: CancelBookingBody },
  audit: (tx: DbOrTx, before: BookingRow, after: BookingRow, plan: CancellationFigures) => Promise<void>,
): Promise<BookingView> {
  return cancelWith(ctx, card, {
    lock: (tx) => findBooking(tx, id, true),
    adjust: (policyPlan, current) => {
      const plan = withFeeOverride(policyPlan, current, input.feeOverrideMinor);
      assertTermsAsSeen(plan, input.expected ?? {});
      return plan;
    },
    afterCancel: (tx, updated, before, plan) => audit(tx, before, updated, plan),
  });
}

// the operator's fee instead of the policy's: only on what was paid, never more than it
function withFeeOverride(plan: CancelPlan, current: BookingRow, feeOverrideMinor: number | null): CancelPlan {
  if (feeOverrideMinor === null) return plan;
  if (current.status !== 'completed') throw AppError.field('feeOverride', DESK_MESSAGES.nothingPaid);
  const paidMinor = cardChargeOf(current).amountMinor;
  if (feeOverrideMinor > paidMinor) throw AppError.field('feeOverride', DESK_MESSAGES.feeAbovePaid);
  const refundMinor = paidMinor - feeOverrideMinor;
  return {
    ...plan,
    feeMinor: feeOverrideMinor,
    refundMinor,
    cancellationFee: minorToMajor(feeOverrideMinor),
    refundAmount: minorToMajor(refundMinor),
    refundPercent: paidMinor > 0 ? Math.round((refundMinor * 100) / paidMinor) : 0,
  };
}

// What the operator sees before cancelling for an agency: the agency's own preview (the same rule) and what was paid
export async function previewOnBehalf(ctx: ServiceContext, id: string) {
  const row = await findBooking(ctx.db, id);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  const { refundMinor: _r, feeMinor: _f, ...preview } = await planCancellation(ctx.db, row, new Date());
  return {
    ...preview,
    isPaid: row.status === 'completed',
    paidTotal: row.status === 'completed' ? minorToMajor(cardChargeOf(row).amountMinor) : 0,
  };
}

export type CancellationFigures = Pick<CancelPlan, 'refundMinor' | 'feeMinor' | 'refundPercent'>;

async function cancelWith(
  ctx: ServiceContext,
  card: CardRefunds,
  steps: {
    lock: (tx: DbOrTx) => Promise<BookingRow | null>;
    adjust: (plan: CancelPlan, current: BookingRow) => CancelPlan;
    afterCancel: (tx: DbOrTx, updated: BookingRow, before: BookingRow, plan: CancelPlan) => Promise<void>;
  },
): Promise<BookingView> {
  const now = new Date();
  const { before, after, settle } = await inBookingTransaction(ctx, async (tx) => {
    const current = await steps.lock(tx);
    if (!current) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    // a test booking moved no real money: the portal's refund would make some (reseller-bookings.ts cancels it)
    if (current.isTest) throw AppError.field('id', BOOKING_MESSAGES.testBookingElsewhere);
    const policyPlan = await planCancellation(tx, current, now);
    if (!policyPlan.cancellable) throw AppError.field('id', policyPlan.reason ?? BOOKING_MESSAGES.notCancellable);
    const plan = steps.adjust(policyPlan, current);
    // exactly what the booking took (or still holds) goes back to its slot
    if (current.slotId !== null)
      await releaseStock(tx, current.slotId, {
        units: current.stockUnits,
        adults: current.stockAdults,
        children: current.stockChildren,
      });
    const isPaid = current.status === 'completed';
    // the agent's monthly spend keeps only the fee (nothing for an unpaid hold), before the balance's lock
    const spend = await countSpend(
      tx,
      current,
      isPaid ? Math.max(current.netTotalMinor - plan.refundMinor, 0) : 0,
      now,
    );
    let balanceAfterMinor = current.balanceAfterMinor;
    let settle: string | null = null;
    if (isPaid && current.paymentMethod === 'balance' && plan.refundMinor > 0) {
      const posted = await postLedgerEntry(tx, {
        agencyId: current.agencyId,
        currency: current.currency,
        amountMinor: plan.refundMinor,
        kind: 'refund',
        description: t(current.language, 'ledger:refund', {
          percent: plan.refundPercent,
          reference: current.reference,
        }),
        reference: current.reference,
      });
      balanceAfterMinor = posted?.balanceAfterMinor ?? balanceAfterMinor;
    }
    if (isPaid && current.paymentMethod === 'card') settle = await card.mark(tx, current, plan.refundMinor);
    const updated = await updateBooking(tx, current.id, {
      status: 'cancelled',
      cancelledAt: now,
      refundMinor: isPaid ? plan.refundMinor : null,
      cancellationFeeMinor: isPaid ? plan.feeMinor : null,
      ...NO_STOCK,
      ...spend,
      balanceAfterMinor,
      // a widget sale cancelled before its tour date: the agency's margin is never credited
      ...(current.marginStatus === 'pending' ? { marginStatus: 'reversed' as const } : {}),
    });
    if (!updated) throw new Error('booking vanished');
    await steps.afterCancel(tx, updated, current, plan);
    return { before: current, after: updated, settle };
  });
  // the provider is called after the commit, never inside a transaction
  if (settle) await card.settle(settle);
  if (before.status === 'pending_payment' || before.status === 'payment_failed') await card.cancelOpen(ctx, after);
  return viewOf(ctx, after);
}
