import { BOOKING_MESSAGES, type CancelBookingBody } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NO_IDEMPOTENCY_KEY } from '../../lib/idempotency.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { databaseError } from '../../lib/database-error.ts';
import { insertBooking, updateBooking, type BookingRow, type Visibility } from './bookings.repo.ts';
import { listApiBookings, resellerBookingByUuid, type ResellerListFilter } from './reseller-bookings.repo.ts';
import {
  bookingValues,
  countNewSpend,
  heldStock,
  inBookingTransaction,
  prepareBooking,
  withFreshReference,
  type BookingDeps,
  type CreateBookingInput,
} from './create-booking.ts';
import { cancelBooking, visibilityOf, type CardRefunds } from './manage-bookings.ts';
import { payBookingRow } from './pay-booking.ts';
import { countSpend } from './spending-cap.ts';
import { NO_STOCK, takeStock } from './stock.ts';
import { releaseStock } from './stock.repo.ts';
import { isHoldValid } from './booking-views.ts';

// Issue 30: the reseller API's bookings, on the same rules as the portal's. A reservation is a booking that holds its
// seats (pending payment, nothing paid, its hold ending at `holdExpiresAt`; the payments sweeper gives expired holds
// back); confirming it pays from the balance exactly as an agent's "Pay" does (payBooking: the same ledger entry,
// spending cap, tickets and mail); cancelling it is the agency's cancellation (cancelBooking: the policy's tiers,
// the refund to the balance). Only `bookings/index.ts` offers these to other modules.

export const RESELLER_HOLD_MINUTES = { default: 30, max: 60 } as const;

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
export type ResellerKey = { id: string };

const holdMinutes = (asked: number | undefined) =>
  Math.min(Math.max(Math.trunc(asked ?? RESELLER_HOLD_MINUTES.default), 1), RESELLER_HOLD_MINUTES.max);

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
  const scope = visibilityOf(actor);
  const existing = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (existing) return existing;
  const now = new Date();
  const input = bookingInput(request);
  const p = await preparedHold(ctx, actor.agencyId, input, now);
  try {
    return await withFreshReference(now, (reference) =>
      inBookingTransaction(ctx, async (tx) => {
        const need = await takeStock(tx, p.slotId, { offer: p.offer, people: p.people, locking: true });
        const values = bookingValues(actor, input, p, reference);
        const spend = await countNewSpend(tx, actor.userId, values, now);
        return insertBooking(tx, {
          ...values,
          ...spend,
          status: 'pending_payment',
          paymentMethod: null,
          channel: 'api',
          apiKeyId: key.id,
          octoUuid: uuid,
          resellerReference: request.resellerReference,
          ...heldStock(need),
          holdExpiresAt: new Date(now.getTime() + holdMinutes(minutes) * 60_000),
        });
      }),
    );
  } catch (error) {
    // the same uuid sent twice at once: the second insert meets the first one's row
    const clash = databaseError(error);
    if (clash?.code === '23505' && clash.constraint === 'bookings_octo_uuid_uq') {
      const made = await resellerBookingByUuid(ctx.db, scope, uuid);
      if (made) return made;
    }
    throw error;
  }
}

async function lockHeld(tx: DbOrTx, scope: Visibility, uuid: string, now: Date): Promise<BookingRow> {
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
    const row = await lockHeld(tx, visibilityOf(actor), uuid, now);
    const updated = await updateBooking(tx, row.id, {
      holdExpiresAt: new Date(now.getTime() + holdMinutes(minutes) * 60_000),
    });
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
  const actor = requireAgencyActor(ctx);
  const scope = visibilityOf(actor);
  const now = new Date();
  const current = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (!current) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
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
          ? { holdExpiresAt: new Date(now.getTime() + holdMinutes(change.minutes) * 60_000) }
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
    if (row.slotId !== null)
      await releaseStock(tx, row.slotId, { units: row.heldUnits, adults: row.heldAdults, children: row.heldChildren });
    const need = await takeStock(tx, p.slotId, { offer: p.offer, people: p.people, locking: true });
    const values = bookingValues(actor, input, p, row.reference);
    const spend = await countSpend(tx, row, values.netTotalMinor, now);
    const { reference: _same, createdBy: _creator, ...changed } = values;
    const updated = await updateBooking(tx, row.id, {
      ...changed,
      ...spend,
      ...guest,
      ...heldStock(need),
      holdExpiresAt:
        change.minutes !== undefined
          ? new Date(now.getTime() + holdMinutes(change.minutes) * 60_000)
          : row.holdExpiresAt,
    });
    return updated ?? row;
  });
}

// Confirm: the guest's details, then the balance pays exactly as an agent's Pay does. Confirming a confirmed booking
// again answers it as it is (the reseller's retry after a lost answer).
export async function confirmResellerBooking(
  ctx: ServiceContext,
  deps: BookingDeps,
  uuid: string,
  details: { guest: ResellerGuest; resellerReference?: string | null; notes?: string },
): Promise<BookingRow> {
  const actor = requireAgencyActor(ctx);
  const scope = visibilityOf(actor);
  const now = new Date();
  const current = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (!current) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  if (current.status === 'completed') return current;
  if (current.status !== 'pending_payment' || !isHoldValid(current, now))
    throw AppError.field('uuid', BOOKING_MESSAGES.holdExpired);
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
  return (await resellerBookingByUuid(ctx.db, scope, uuid)) ?? current;
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
  const actor = requireAgencyActor(ctx);
  const scope = visibilityOf(actor);
  const row = await resellerBookingByUuid(ctx.db, scope, uuid);
  if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  if (row.status === 'cancelled') return row;
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
  } else {
    await cancelBooking(ctx, row.id, cards, NO_IDEMPOTENCY_KEY, expected);
    await ctx.db.transaction((tx) => updateBooking(tx, row.id, { cancellationReason: reason }));
  }
  return (await resellerBookingByUuid(ctx.db, scope, uuid)) ?? row;
}

// The agency's API bookings by the reseller's or our reference and by tour date, oldest first (at most 500)
export async function listResellerBookings(ctx: ServiceContext, filter: ResellerListFilter): Promise<BookingRow[]> {
  const actor = requireAgencyActor(ctx);
  return listApiBookings(ctx.db, visibilityOf(actor), filter);
}

export async function findResellerBooking(ctx: ServiceContext, uuid: string): Promise<BookingRow | null> {
  const actor = requireAgencyActor(ctx);
  return resellerBookingByUuid(ctx.db, visibilityOf(actor), uuid);
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
export type { ResellerListFilter };
