import { BOOKING_MESSAGES } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { databaseError } from '../../lib/database-error.ts';
import { updateBooking, type BookingRow } from './bookings.repo.ts';
import {
  listApiBookings,
  resellerBookingByUuid,
  type ResellerListFilter,
  type ResellerScope,
} from './reseller-bookings.repo.ts';
import { heldOnPaper, heldStock } from './booking-rules.ts';
import { inBookingTransaction } from './booking-transaction.ts';
import { bookingValues, prepareBooking, type CreateBookingInput } from './prepare-booking.ts';
import { visibilityOf } from './booking-rules.ts';
import { countSpend } from './spending-cap.ts';
import { checkStock, takeStock } from './stock.ts';
import { holdBooking } from './hold-booking.ts';
import { lockSlots, releaseStock } from './stock.repo.ts';
import { isHoldValid } from './booking-views.ts';

// Issue 30: the reseller API's bookings, on the same rules as the portal's. A reservation is a booking that holds its
// seats (pending payment, nothing paid, its hold ending at `holdExpiresAt`; the payments sweeper gives expired holds
// back); confirming it pays from the balance exactly as an agent's "Pay" does (payBooking: the same ledger entry,
// spending cap, tickets and mail); cancelling it is the agency's cancellation (cancelBooking: the policy's tiers,
// the refund to the balance). Only `bookings/index.ts` offers these to other modules.

// a reservation holds its seats 30 minutes unless asked otherwise, at most 60 at a time, and never longer than two
// hours after it was made, however often it is extended or changed (seats held without payment are seats no one else
// can sell)
const RESELLER_HOLD_MINUTES = { default: 30, max: 60, ceiling: 120 } as const;

export type ResellerGuest = { name: string; email: string; phone: string };
export type ResellerRequest = {
  offerId: number;
  date: string;
  time: string | null;
  people: { adults: number; children: number; infants: number };
  hotelId: number | null;
  notes: string;
  guest: ResellerGuest;
  resellerReference: string | null;
};
export type ResellerKey = { id: string; isTest: boolean };

// the key's agency and role decide what is seen; a test key sees only test bookings
export function resellerScope(ctx: ServiceContext, actor: AgencyActor): ResellerScope {
  return { ...visibilityOf(actor), test: ctx.resellerKey?.isTest ?? false };
}

// The caller's reservation or booking with this uuid (404 when their key does not see it), with the caller's scope
export async function knownResellerBooking(ctx: ServiceContext, uuid: string) {
  const actor = requireAgencyActor(ctx);
  const scope = resellerScope(ctx, actor);
  const current = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (!current) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  return { actor, scope, current };
}

const holdMinutes = (asked: number | undefined) =>
  Math.min(Math.max(Math.trunc(asked ?? RESELLER_HOLD_MINUTES.default), 1), RESELLER_HOLD_MINUTES.max);

// a held reservation's new end: `minutes` from now, but never past its ceiling
function holdUntil(row: Pick<BookingRow, 'createdAt'>, minutes: number | undefined, now: Date): Date {
  const ceiling = row.createdAt.getTime() + RESELLER_HOLD_MINUTES.ceiling * 60_000;
  return new Date(Math.min(now.getTime() + holdMinutes(minutes) * 60_000, ceiling));
}

// the same uuid again is the same reservation only for the same choice; anything else is another booking's uuid
function sameChoice(row: BookingRow, request: ResellerRequest): boolean {
  return (
    row.offerId === request.offerId &&
    row.date === request.date &&
    (row.startTime ?? null) === (request.time ?? null) &&
    row.adults === request.people.adults &&
    row.children === request.people.children &&
    row.infants === request.people.infants
  );
}

function bookingInput(request: ResellerRequest): CreateBookingInput {
  return {
    offerId: request.offerId,
    date: request.date,
    time: request.time,
    adults: request.people.adults,
    children: request.people.children,
    infants: request.people.infants,
    guest: {
      name: request.guest.name,
      email: request.guest.email,
      confirmEmail: request.guest.email,
      phone: request.guest.phone,
      hotel: '',
      room: '',
      hotelId: request.hotelId,
    },
    promoCode: '',
    notes: request.notes,
  };
}

// Past the cut-off or not instantly confirmable, the portal makes a quotation request; an API reservation cannot
// wait for the tours company's answer, so it is refused with the reason
async function preparedHold(ctx: ServiceContext, agencyId: string, input: CreateBookingInput, now: Date) {
  const prepared = await prepareBooking(ctx, agencyId, input, 'balance', now);
  if (prepared.isRequest) throw AppError.field('availabilityId', BOOKING_MESSAGES.timeslotsNotAvailable);
  return prepared;
}

// Reserve: seats held for `minutes`; the same uuid again answers the reservation it made (nothing taken twice)
export async function holdForReseller(
  ctx: ServiceContext,
  key: ResellerKey,
  uuid: string,
  request: ResellerRequest,
  minutes?: number,
): Promise<BookingRow> {
  const actor = requireAgencyActor(ctx);
  const scope = resellerScope(ctx, actor);
  const existing = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (existing) {
    if (!sameChoice(existing, request)) throw AppError.field('uuid', BOOKING_MESSAGES.uuidUsed);
    return existing;
  }
  const now = new Date();
  const input = bookingInput(request);
  const p = await preparedHold(ctx, actor.agencyId, input, now);
  try {
    return await holdBooking(ctx, {
      actor,
      body: input,
      prepared: p,
      now,
      // a test key's reservation checks the seats and takes none, and counts toward no cap
      stock: key.isTest ? { take: false } : { take: true, locking: true },
      columns: () => ({
        status: 'pending_payment',
        paymentMethod: null,
        channel: 'api',
        apiKeyId: key.id,
        octoUuid: uuid,
        resellerReference: request.resellerReference,
        holdExpiresAt: new Date(now.getTime() + holdMinutes(minutes) * 60_000),
        ...(key.isTest ? { isTest: true } : {}),
      }),
    });
  } catch (error) {
    // the same uuid sent twice at once: the second insert meets the first one's row
    const clash = databaseError(error);
    if (clash?.code === '23505' && clash.constraint === 'bookings_octo_uuid_uq') {
      const made = await resellerBookingByUuid(ctx.db, scope, uuid);
      if (made && sameChoice(made, request)) return made;
      // another booking of the agency (another key's, or a test one) already has this uuid
      throw AppError.field('uuid', BOOKING_MESSAGES.uuidUsed);
    }
    throw error;
  }
}

export async function lockHeld(tx: DbOrTx, scope: ResellerScope, uuid: string, now: Date): Promise<BookingRow> {
  const row = await resellerBookingByUuid(tx, scope, uuid, true);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  if (row.status !== 'pending_payment' || !isHoldValid(row, now))
    throw AppError.field('uuid', BOOKING_MESSAGES.holdExpired);
  return row;
}

export async function extendResellerHold(ctx: ServiceContext, uuid: string, minutes?: number): Promise<BookingRow> {
  const actor = requireAgencyActor(ctx);
  const now = new Date();
  return inBookingTransaction(ctx, async (tx) => {
    const row = await lockHeld(tx, resellerScope(ctx, actor), uuid, now);
    const updated = await updateBooking(tx, row.id, { holdExpiresAt: holdUntil(row, minutes, now) });
    return updated ?? row;
  });
}

// A reservation's option, date, time or people change: its seats go back and the new ones are taken in one
// transaction (nothing changes when the new ones are not there). A confirmed booking changes only its guest, notes
// and the reseller's reference; anything else is cancelled and booked again.
export async function updateResellerBooking(
  ctx: ServiceContext,
  uuid: string,
  change: Partial<ResellerRequest> & { minutes?: number },
): Promise<BookingRow> {
  const now = new Date();
  const { actor, scope, current } = await knownResellerBooking(ctx, uuid);
  const guest = {
    guestName: change.guest?.name ?? current.guestName,
    guestEmail: change.guest?.email ?? current.guestEmail,
    guestPhone: change.guest?.phone ?? current.guestPhone,
    notes: change.notes ?? current.notes,
    resellerReference: change.resellerReference !== undefined ? change.resellerReference : current.resellerReference,
  };
  const rebooks =
    change.offerId !== undefined ||
    change.date !== undefined ||
    change.time !== undefined ||
    change.people !== undefined ||
    change.hotelId !== undefined;
  if (!rebooks) {
    return inBookingTransaction(ctx, async (tx) => {
      const row = await resellerBookingByUuid(tx, scope, uuid, true);
      if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
      if (row.status === 'cancelled') throw AppError.field('uuid', BOOKING_MESSAGES.notPayable);
      const holdChange =
        change.minutes !== undefined && row.status === 'pending_payment' && isHoldValid(row, now)
          ? { holdExpiresAt: holdUntil(row, change.minutes, now) }
          : {};
      return (await updateBooking(tx, row.id, { ...guest, ...holdChange })) ?? row;
    });
  }
  if (current.status !== 'pending_payment') throw AppError.field('uuid', BOOKING_MESSAGES.notPayable);
  const input = bookingInput({
    offerId: change.offerId ?? current.offerId,
    date: change.date ?? current.date,
    time: change.time !== undefined ? change.time : current.startTime,
    people: change.people ?? { adults: current.adults, children: current.children, infants: current.infants },
    hotelId: change.hotelId !== undefined ? change.hotelId : current.hotelId,
    notes: guest.notes,
    guest: { name: guest.guestName, email: guest.guestEmail, phone: guest.guestPhone },
    resellerReference: guest.resellerReference,
  });
  const p = await preparedHold(ctx, actor.agencyId, input, now);
  return inBookingTransaction(ctx, async (tx) => {
    const row = await lockHeld(tx, scope, uuid, now);
    if (row.slotId !== null && !row.isTest) {
      await lockSlots(tx, [row.slotId, p.slotId]);
      await releaseStock(tx, row.slotId, { units: row.heldUnits, adults: row.heldAdults, children: row.heldChildren });
    }
    const values = bookingValues(actor, input, p, row.reference);
    const need = row.isTest
      ? await checkStock(tx, p.slotId, { offer: p.offer, people: p.people })
      : await takeStock(tx, p.slotId, { offer: p.offer, people: p.people, locking: true });
    const spend = row.isTest ? {} : await countSpend(tx, row, values.netTotalMinor, now);
    const { reference: _same, createdBy: _creator, ...changed } = values;
    const updated = await updateBooking(tx, row.id, {
      ...changed,
      ...spend,
      ...guest,
      ...(row.isTest ? heldOnPaper(need) : heldStock(need)),
      holdExpiresAt: change.minutes !== undefined ? holdUntil(row, change.minutes, now) : row.holdExpiresAt,
    });
    return updated ?? row;
  });
}

export async function listResellerBookings(ctx: ServiceContext, filter: ResellerListFilter): Promise<BookingRow[]> {
  const actor = requireAgencyActor(ctx);
  return listApiBookings(ctx.db, resellerScope(ctx, actor), filter);
}

export async function findResellerBooking(ctx: ServiceContext, uuid: string): Promise<BookingRow | null> {
  const actor = requireAgencyActor(ctx);
  return resellerBookingByUuid(ctx.db, resellerScope(ctx, actor), uuid);
}

// What the reseller API (octo module) asks of bookings: app.bookings.reseller
export type ResellerBookings = {
  hold: (
    ctx: ServiceContext,
    key: ResellerKey,
    uuid: string,
    request: ResellerRequest,
    minutes?: number,
  ) => Promise<BookingRow>;
  extend: (ctx: ServiceContext, uuid: string, minutes?: number) => Promise<BookingRow>;
  update: (
    ctx: ServiceContext,
    uuid: string,
    change: Partial<ResellerRequest> & { minutes?: number },
  ) => Promise<BookingRow>;
  confirm: (
    ctx: ServiceContext,
    uuid: string,
    details: { guest: ResellerGuest; resellerReference?: string | null; notes?: string },
  ) => Promise<BookingRow>;
  cancel: (ctx: ServiceContext, uuid: string, reason: string) => Promise<BookingRow>;
  find: (ctx: ServiceContext, uuid: string) => Promise<BookingRow | null>;
  list: (ctx: ServiceContext, filter: ResellerListFilter) => Promise<BookingRow[]>;
  // the voucher or tickets of a confirmed booking (null before it is confirmed)
  document: (
    ctx: ServiceContext,
    uuid: string,
    kind: 'voucher' | 'tickets',
  ) => Promise<{ pdf: Buffer; fileName: string } | null>;
};
