import { randomUUID } from 'node:crypto';
import type { CreateBookingResponse, People } from '@portal/contract';
import {
  BOOKING_MESSAGES,
  CATALOGUE_MESSAGES,
  COMPANY_MESSAGES,
  HOLD_MINUTES,
  MESSAGES,
  MONEY_MESSAGES,
  canViewBalances,
  checkPeopleLimits,
  licenceState,
} from '@portal/contract';
import type { z } from 'zod';
import type { CreateBookingBody as CreateBookingSchema } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { dubaiDate, dubaiMonth } from '../../lib/dubai-time.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { findValidPromoCode, isPastCutOff } from '../catalogue/index.ts';
import { overdueMinor } from '../ledger/index.ts';
import { insertMail } from '../mail/index.ts';
import { latestPaymentFor } from '../payments/index.ts';
import { bookingView, chargesOfSite } from './booking-views.ts';
import {
  findBooking,
  insertBooking,
  loadAgency,
  loadHotel,
  loadBookingContext,
  type AgencyRow,
  type BookingRow,
} from './bookings.repo.ts';
import { bookingConfirmedMail, requestReceivedMail } from './booking-mails.ts';
import { priceBooking } from './pricing.ts';
import { noStockError, stockNeed, takeStock } from './stock.ts';
import { capExceededError, countSpend } from './spending-cap.ts';
import { readSlotStock } from './stock.repo.ts';
import {
  bookFromBalanceInOneStatement,
  statementAbort,
  type OneStatementResult,
} from './book-in-one-statement.repo.ts';
import { IdempotencyLostError, type IdempotencyClaim } from '../../lib/idempotency.ts';
import { bookingMessage } from './booking-views.ts';
import { databaseError } from '../../lib/database-error.ts';
import { dailyReference } from '../../lib/daily-reference.ts';

export type CreateBookingInput = z.output<typeof CreateBookingSchema>;
export type BookingDeps = {
  // false only in the concurrency test's control run (proves that test can fail)
  stockLocking: boolean;
  startCardPayment: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
  // closes the charges still open at the provider (each answer applied: a paid one completes the booking)
  closeOpenCharges: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
};

// A reference is random among 32^6 a day, so two bookings of one day can draw the same one: about once in three
// weeks at 10,000 bookings a day (the booking bench's 7,000 a run met one). The unique index refuses the second;
// its statement or transaction has then written nothing (stock, money, key, mail), and the booking is placed again
// under a fresh reference instead of answering 500.
const REFERENCE_DRAWS = 3;
export async function withFreshReference<T>(now: Date, place: (reference: string) => Promise<T>): Promise<T> {
  for (let draw = 1; ; draw++) {
    try {
      return await place(dailyReference('GF', now));
    } catch (error) {
      const clash = databaseError(error);
      if (draw >= REFERENCE_DRAWS || clash?.code !== '23505' || clash.constraint !== 'bookings_reference_uq')
        throw error;
    }
  }
}

export function ticketNumbers(reference: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${reference}-${String(i + 1).padStart(2, '0')}`);
}

function minutesToTime(total: number): string {
  const m = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function pickUpTimeFor(startTime: string, leadMinutes: number): string {
  const [h = 0, m = 0] = startTime.split(':').map(Number);
  return minutesToTime(h * 60 + m - leadMinutes);
}

// a slot locked too long (lock_timeout), or two transactions waiting for each other (deadlock, serialization): the
// booking changed nothing and may simply be asked again (409)
export function isLockTimeout(error: unknown): boolean {
  const code = databaseError(error)?.code;
  return code === '55P03' || code === '40P01' || code === '40001';
}

// Runs a booking transaction; a slot locked longer than the connection's lock_timeout (BOOKING_LOCK_TIMEOUT_MS)
// is a retryable 409.
export async function inBookingTransaction<T>(ctx: ServiceContext, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (error) {
    if (isLockTimeout(error)) throw new AppError('conflict', BOOKING_MESSAGES.busy);
    throw error;
  }
}

// An agency books while it is approved and its trade licence has not expired (Asia/Dubai: valid through its day)
function assertAgencyCanBook(agency: AgencyRow): void {
  if (agency.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  if (licenceState(agency.tradeLicenseExpiry, dubaiDate()) === 'expired')
    throw new AppError('forbidden', COMPANY_MESSAGES.licenceExpired);
}

// SPEC §9: while anything is overdue, nothing more is booked from the balance. Only an account below zero can owe,
// so the usual booking pays no extra query for it.
export async function assertNothingOverdue(ctx: ServiceContext, agency: AgencyRow, balanceMinor: number) {
  if (balanceMinor >= 0) return;
  const account = { agencyId: agency.id, currency: agency.currency };
  if ((await overdueMinor(ctx.db, account, dubaiDate())) > 0)
    throw AppError.field('paymentMethod', MONEY_MESSAGES.overdue);
}

export async function requireBookingAgency(ctx: ServiceContext, actor: AgencyActor): Promise<AgencyRow> {
  const agency = await loadAgency(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('forbidden', MESSAGES.forbidden);
  assertAgencyCanBook(agency);
  return agency;
}

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
  isTest: false,
} satisfies Partial<BookingRow>;

export type PreparedBooking = Awaited<ReturnType<typeof prepareBooking>>;

// Everything that can be checked before taking stock; each problem is a 422 on its field and changes nothing.
// `widget`: the agency's customer buys in its widget shop and pays the sale price by card to the portal — the agency's
// card permission and its dues do not apply, and the net is priced as the balance's (no card surcharge on it).
export async function prepareBooking(
  ctx: ServiceContext,
  agencyId: string,
  body: CreateBookingInput,
  paymentMethod: 'balance' | 'card' | 'widget',
  now: Date,
) {
  const context = await loadBookingContext(ctx.db, {
    agencyId,
    offerId: body.offerId,
    date: body.date,
    time: body.time,
  });
  if (!context) throw new AppError('forbidden', MESSAGES.forbidden);
  const { agency, found, slotId, period, balanceMinor } = context;
  assertAgencyCanBook(agency);
  if (paymentMethod === 'card' && agency.isCreditCardTopupAllowed === 0)
    throw AppError.field('paymentMethod', BOOKING_MESSAGES.creditCardDisabled);
  if (!found) throw AppError.notFound(CATALOGUE_MESSAGES.unknownOffer);
  const { offer, tour } = found;
  const people: People = { adults: body.adults, children: body.children, infants: body.infants };
  if (people.adults + people.children === 0) throw AppError.field('adults', BOOKING_MESSAGES.noPeople);
  const limits = checkPeopleLimits(people, offer);
  if (!limits.ok) throw AppError.field('adults', limits.message);
  if (body.date < dubaiDate(now)) throw AppError.field('date', BOOKING_MESSAGES.timeslotsNotAvailable);
  const time = offer.availabilityType === 'timeslots' ? body.time : null;
  if (offer.availabilityType === 'timeslots' && (!time || !offer.startTimes.includes(time)))
    throw AppError.field('time', BOOKING_MESSAGES.timeslotsNotAvailable);
  if (slotId === null)
    throw AppError.field(
      time ? 'time' : 'date',
      time ? BOOKING_MESSAGES.timeslotsNotAvailable : BOOKING_MESSAGES.noTickets,
    );
  if (!period) throw AppError.field('date', BOOKING_MESSAGES.noTickets);

  let pickUpTime: string | null = null;
  let hotelId: number | null = null;
  if (offer.hasPickUp) {
    if (!body.guest.hotelId) throw AppError.field('guest.hotelId', BOOKING_MESSAGES.hotelRequired);
    const hotel = await loadHotel(ctx.db, body.guest.hotelId);
    if (!hotel) throw AppError.field('guest.hotelId', BOOKING_MESSAGES.hotelRequired);
    // SPEC §5: the hotel's city must be one of the tour's valid pick-up cities (invalidCityError)
    if (!offer.pickUpCityIds.includes(hotel.cityId))
      throw AppError.field('guest.hotelId', BOOKING_MESSAGES.invalidCity);
    hotelId = hotel.id;
    pickUpTime = pickUpTimeFor(time ?? offer.openingTime ?? '09:00', hotel.pickUpLeadMinutes);
  }

  let promo: { code: string; percent: number } | null = null;
  if (body.promoCode) {
    promo = await findValidPromoCode(ctx.db, body.promoCode, dubaiDate(now));
    if (!promo) throw AppError.field('promoCode', CATALOGUE_MESSAGES.wrongPromoCode);
  }
  const isRequest = !offer.isInstant || isPastCutOff(offer, body.date, time, now);
  const price = priceBooking({
    offer,
    period,
    people,
    currency: agency.currency,
    promoPercent: promo?.percent ?? null,
    charges: chargesOfSite(ctx.sites, agency.siteId),
    paymentMethod: isRequest ? null : paymentMethod === 'widget' ? 'balance' : paymentMethod,
  });
  if (!price) throw AppError.field('date', BOOKING_MESSAGES.noTickets);
  // a card charge needs a positive amount (a 100 % promo code is paid "from the balance" at zero)
  if (!isRequest && paymentMethod === 'card' && price.netTotalMinor <= 0)
    throw AppError.field('paymentMethod', BOOKING_MESSAGES.nothingToCharge);
  if (!isRequest && paymentMethod === 'balance') await assertNothingOverdue(ctx, agency, balanceMinor);
  return { agency, offer, tour, people, time, slotId, price, promo, pickUpTime, hotelId, isRequest };
}

export function bookingValues(
  actor: AgencyActor | null,
  body: CreateBookingInput,
  p: PreparedBooking,
  reference: string,
) {
  return {
    reference,
    agencyId: p.agency.id,
    createdBy: actor?.userId ?? null,
    siteId: p.agency.siteId,
    tourId: p.tour.id,
    offerId: p.offer.id,
    slotId: p.slotId,
    date: body.date,
    startTime: p.time,
    adults: p.people.adults,
    children: p.people.children,
    infants: p.people.infants,
    guestName: body.guest.name,
    guestEmail: body.guest.email,
    guestPhone: body.guest.phone,
    hotel: body.guest.hotel,
    hotelId: p.hotelId,
    room: body.guest.room,
    pickUpTime: p.pickUpTime,
    notes: body.notes,
    language: p.agency.language,
    currency: p.agency.currency,
    netBeforeDiscountMinor: p.price.netBeforeDiscountMinor,
    discountMinor: p.price.discountMinor,
    cardSurchargeMinor: p.price.cardSurchargeMinor,
    netTotalMinor: p.price.netTotalMinor,
    publishedTotalMinor: p.price.publishedTotalMinor,
    amountLines: p.price.lines,
    promoCode: p.promo?.code ?? null,
    promoPercent: p.promo?.percent ?? null,
    tourUrl: p.tour.url,
    tourTitle: p.tour.title,
    offerName: p.offer.name,
    cancellationPolicy: p.offer.cancellationPolicy,
  };
}

// A hold's seats (a card payment's, a reseller API reservation's): what it holds and what it took are the same
export function heldStock(need: { units: number; adults: number; children: number }) {
  return {
    heldAdults: need.adults,
    heldChildren: need.children,
    heldUnits: need.units,
    stockAdults: need.adults,
    stockChildren: need.children,
    stockUnits: need.units,
  };
}

// A card booking's seats held for HOLD_MINUTES while the card is asked
export function cardHold(need: { units: number; adults: number; children: number }, now: Date) {
  return {
    status: 'pending_payment' as const,
    paymentMethod: 'card' as const,
    ...heldStock(need),
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
  };
}

// A new booking's money counted toward its agent's monthly cap (inside the transaction that takes its seats)
export function countNewSpend(
  tx: DbOrTx,
  userId: string,
  values: Pick<ReturnType<typeof bookingValues>, 'currency' | 'language' | 'netTotalMinor'>,
  now: Date,
) {
  return countSpend(
    tx,
    { createdBy: userId, spendMinor: 0, spendMonth: null, currency: values.currency, language: values.language },
    values.netTotalMinor,
    now,
  );
}

export function ticketCount(
  offer: { pricingUnit: 'person' | 'trip'; isSameTicketForAdultsAndChildren: boolean },
  people: People,
): number {
  if (offer.pricingUnit === 'trip') return 1;
  return people.adults + people.children + (offer.isSameTicketForAdultsAndChildren ? 0 : people.infants);
}

export function bookingDescription(
  row: Pick<BookingRow, 'reference' | 'tourTitle' | 'offerName' | 'date' | 'startTime' | 'language'>,
): string {
  // in the booking's language: the statement shows it as written
  const when = `${row.date}${row.startTime ? ` ${row.startTime}` : ''}`;
  const what = `${row.tourTitle[row.language]} — ${row.offerName[row.language]}, ${when}`;
  return row.language === 'ru' ? `Бронирование ${row.reference}: ${what}` : `Booking ${row.reference}: ${what}`;
}

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

  const agent = { id: actor.userId, name: actor.name, email: actor.email };
  const view = (row: BookingRow, payment: Parameters<typeof bookingView>[1]['payment']) =>
    bookingView(row, {
      agent,
      payment,
      config: ctx.config,
      sites: ctx.sites,
      showBalance: canViewBalances(actor.role),
    });

  return withFreshReference(now, async (reference): Promise<CreateBookingResponse> => {
    const values = bookingValues(actor, body, p, reference);
    if (p.isRequest) {
      // SPEC §5/§8: past the cut-off or not instantly confirmable → a quotation request, no stock and no money taken
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
    }

    if (paymentMethod === 'balance') {
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
    }

    // Card: hold the stock for HOLD_MINUTES, then ask the provider outside the transaction (never call out inside one).
    const held = await inBookingTransaction(ctx, async (tx) => {
      const need = await takeStock(tx, p.slotId, { offer: p.offer, people: p.people, locking: deps.stockLocking });
      const spend = await countNewSpend(tx, actor.userId, values, now);
      const row = await insertBooking(tx, {
        ...values,
        ...spend,
        ...cardHold(need, now),
      });
      await claim.record(tx, row.id);
      return row;
    });
    await deps.startCardPayment(ctx, held);
    const fresh = (await findBooking(ctx.db, held.id)) ?? held;
    const payment = await latestPaymentFor(ctx.db, held.id);
    return {
      booking: view(fresh, payment),
      message: bookingMessage(fresh, payment),
    };
  });
}
