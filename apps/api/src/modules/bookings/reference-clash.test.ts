import type * as NodeCrypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings, ledgerEntries } from '../../db/schema/index.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { bookingBody, postBooking, slotLeft, bookingSuite } from '../../../test/booking-fixtures.ts';
import { bookingRoutes, toMinor } from '@portal/contract';
import { routeUrl } from '../../../test/inject-route.ts';

// Booking references are six random characters a day. The random draws of a booking's reference are scripted here
// so that a booking draws one that another booking already has: it must still be booked once, under a fresh one.
const draws = vi.hoisted(() => ({ scripted: [] as Buffer[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  const randomBytes = ((size: number) =>
    size === 6 && draws.scripted.length > 0
      ? draws.scripted.shift()
      : crypto.randomBytes(size)) as typeof crypto.randomBytes;
  return { ...crypto, default: { ...crypto, randomBytes }, randomBytes };
});

const { t, w } = bookingSuite();

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
// six bytes that spell a tail unlikely to exist in this database already (the test may rerun on one database)
function tailBytes(): { bytes: Buffer; tail: string } {
  const bytes = Buffer.from(Array.from({ length: 6 }, () => Math.floor(Math.random() * 256)));
  return { bytes, tail: [...bytes].map((b) => ALPHABET[b % 32]).join('') };
}

async function figures() {
  const [entries] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.agencyId, w.agency.id));
  const [rows] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.agencyId, w.agency.id));
  return {
    entries: Number(entries?.n),
    bookings: Number(rows?.n),
    balance: (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor,
    left: (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left,
  };
}

describe('a booking that draws a reference already taken', () => {
  it('is booked once under a fresh reference, from the balance and by card', async () => {
    const taken = tailBytes();
    const fresh = tailBytes();
    draws.scripted = [taken.bytes];
    const first = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booking.reference).toMatch(new RegExp(`-${taken.tail}$`));
    const before = await figures();

    // from the balance: the one statement is refused by the unique index, then placed again
    draws.scripted = [taken.bytes, fresh.bytes];
    const second = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }), {
      key: `clash-${fresh.tail}`,
    });
    expect(second.statusCode, second.body).toBe(200);
    const booking = second.json().booking;
    expect(booking.reference).toMatch(new RegExp(`-${fresh.tail}$`));
    expect(draws.scripted).toEqual([]);
    const after = await figures();
    expect(after).toEqual({
      entries: before.entries + 1,
      bookings: before.bookings + 1,
      balance: before.balance - toMinor(booking.amounts.netTotal),
      left: (before.left ?? 0) - 2,
    });
    // the key names the booking that was made: a retry of the call answers it, and books nothing more
    const replay = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }), {
      key: `clash-${fresh.tail}`,
    });
    expect(replay.json().booking.id).toBe(booking.id);
    expect(await figures()).toEqual(after);

    // by card: the hold's transaction is refused and run again
    const third = tailBytes();
    draws.scripted = [taken.bytes, third.bytes];
    const card = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().booking).toMatchObject({ status: 'pending_payment' });
    expect(card.json().booking.reference).toMatch(new RegExp(`-${third.tail}$`));
    expect(await figures()).toEqual({ ...after, bookings: after.bookings + 1, left: (after.left ?? 0) - 2 });
  });

  it('gives up after three taken draws, having written nothing', async () => {
    const taken = tailBytes();
    draws.scripted = [taken.bytes];
    expect((await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }))).statusCode).toBe(200);
    const before = await figures();
    draws.scripted = [taken.bytes, taken.bytes, taken.bytes];
    const refused = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }));
    expect(refused.statusCode).toBe(500);
    expect(draws.scripted).toEqual([]);
    expect(await figures()).toEqual(before);
  });
});
