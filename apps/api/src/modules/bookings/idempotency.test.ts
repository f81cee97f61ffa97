import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, bookingRoutes } from '@portal/contract';
import { bookings, idempotencyKeys, ledgerEntries, slots } from '../../db/schema/index.ts';
import { readBalance, sumLedger } from '../ledger/ledger.repo.ts';
import {
  bookingBody,
  countBookings,
  guest,
  postBooking,
  slotLeft,
  bookingSuite,
} from '../../../test/booking-fixtures.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

const newKey = () => `key-${randomUUID()}`;

async function state() {
  return {
    bookings: await countBookings(t.database.db, w.agency.id),
    balance: (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor,
    ledger: await sumLedger(t.database.db, w.agency.id, 'aed'),
    left: (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left,
  };
}

// the default booking (three people at 18:00, 398.00 from the balance) taken exactly once
const afterOneBooking = (before: Awaited<ReturnType<typeof state>>) => ({
  bookings: before.bookings + 1,
  balance: before.balance - 39_800,
  ledger: before.ledger - 39_800,
  left: (before.left ?? 0) - 3,
});

async function keyRow(key: string) {
  const [row] = await t.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.agencyId, w.agency.id), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

// What a SIGKILL between the booking's commit and the stored answer leaves behind: by default once the call's
// after-commit lease has run out (`leaseEnds`: the lease as the crash left it)
async function forgetAnswer(key: string, leaseEnds = sql`now() - interval '1 second'`) {
  await t.database.db
    .update(idempotencyKeys)
    .set({ state: 'running', responseStatus: null, responseBody: null, lockedUntil: leaseEnds })
    .where(and(eq(idempotencyKeys.agencyId, w.agency.id), eq(idempotencyKeys.key, key)));
}

// Makes the work after a booking's commit fail once (the confirmation mail's wake-up call)
function failAfterCommitOnce() {
  const original = t.app.deps.kickMail;
  t.app.deps.kickMail = () => {
    t.app.deps.kickMail = original;
    throw new Error('injected failure after the commit');
  };
}

describe('Idempotency-Key: the outcome is decided with the booking', () => {
  it('records the booking on the key in the transaction that writes it', async () => {
    const key = newKey();
    const res = await postBooking(t.app, w.tokens.senior, bookingBody(w), { key });
    expect(res.statusCode).toBe(200);
    const row = await keyRow(key);
    expect(row).toMatchObject({ resourceId: res.json().booking.id, state: 'done', userId: w.agency.users.senior.id });
  });

  it('an error after the commit keeps the key: the retry answers with the same booking, one debit', async () => {
    const before = await state();
    const key = newKey();
    failAfterCommitOnce();
    const failed = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(failed.statusCode).toBe(500);
    const mid = await state();
    expect(mid.bookings).toBe(before.bookings + 1);
    const retry = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(retry.statusCode).toBe(200);
    const [committed] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, retry.json().booking.id));
    expect(committed).toBeDefined();
    const again = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(again.json().booking.id).toBe(retry.json().booking.id);
    expect(await state()).toEqual(afterOneBooking(before));
  });

  it('a crash between the commit and the stored answer: the retry answers with the booking at once, no second debit', async () => {
    const key = newKey();
    const first = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(first.statusCode).toBe(200);
    await forgetAnswer(key);
    const before = await state();
    const retry = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      booking: { id: first.json().booking.id, status: 'completed', reference: first.json().booking.reference },
      message: null,
    });
    expect(await state()).toEqual(before);
    expect(await keyRow(key)).toMatchObject({ state: 'done', resourceId: first.json().booking.id });
  });

  it('a crash just after the commit: within its lease the retry is told to wait (409, nothing changed), then replays', async () => {
    const key = newKey();
    const first = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    await forgetAnswer(key, sql`now() + interval '20 seconds'`);
    const before = await state();
    const early = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect([early.statusCode, early.body]).toEqual([409, BOOKING_MESSAGES.idempotencyRunning]);
    expect(await keyRow(key)).toMatchObject({ state: 'running', resourceId: first.json().booking.id });
    await forgetAnswer(key);
    const late = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
    expect([late.statusCode, late.json().booking.id]).toEqual([200, first.json().booking.id]);
    expect(await state()).toEqual(before);
  });

  it('a retry while the first card call is still starting its charge gets 409, never a booking without its pay link', async () => {
    const key = newKey();
    const url = routeUrl(bookingRoutes.createWithPaymentIntent);
    const original = t.app.payments.startCharge;
    let releaseCharge = () => {};
    let chargeStarted = () => {};
    const started = new Promise<void>((resolve) => (chargeStarted = resolve));
    t.app.payments.startCharge = async (...args) => {
      chargeStarted();
      await new Promise<void>((resolve) => (releaseCharge = resolve));
      return original(...args);
    };
    try {
      const first = postBooking(t.app, w.tokens.admin, bookingBody(w), { key, url });
      await started;
      // the hold is committed, the charge not yet made: the retry must not answer with the half-made booking
      const retry = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key, url });
      expect([retry.statusCode, retry.body]).toEqual([409, BOOKING_MESSAGES.idempotencyRunning]);
      releaseCharge();
      const done = await first;
      expect(done.statusCode).toBe(200);
      expect(done.json().booking.payment.redirectUrl).toEqual(expect.any(String));
      const again = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key, url });
      expect(again.json()).toEqual(done.json());
    } finally {
      t.app.payments.startCharge = original;
    }
  });

  it('a card booking whose provider call fails after the hold: the retry answers with the held booking, one hold', async () => {
    const before = await state();
    const key = newKey();
    const original = t.app.payments.startCharge;
    t.app.payments.startCharge = async () => {
      throw new Error('provider unreachable');
    };
    try {
      const failed = await postBooking(t.app, w.tokens.admin, bookingBody(w), {
        key,
        url: routeUrl(bookingRoutes.createWithPaymentIntent),
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      t.app.payments.startCharge = original;
    }
    const retry = await postBooking(t.app, w.tokens.admin, bookingBody(w), {
      key,
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().booking.status).toBe('pending_payment');
    const after = await state();
    expect(after).toEqual({ ...before, bookings: before.bookings + 1, left: (before.left ?? 0) - 3 });
  });

  it('a quotation request is recorded too: the retry after a crash finds the request', async () => {
    const key = newKey();
    const body = bookingBody(w, { offerId: w.tour.sameTicketOfferId, time: null, guest: guest(w, { hotelId: null }) });
    const first = await postBooking(t.app, w.tokens.admin, body, { key });
    expect(first.statusCode).toBe(200);
    await forgetAnswer(key);
    const before = await state();
    const retry = await postBooking(t.app, w.tokens.admin, body, { key });
    expect(retry.json()).toEqual(first.json());
    expect(await state()).toEqual(before);
  });

  it('a cancellation with a key: after a crash the retry answers with the cancelled booking, one refund', async () => {
    const booked = (await postBooking(t.app, w.tokens.admin, bookingBody(w))).json().booking;
    const key = newKey();
    const cancel = () =>
      injectRoute(t.app, bookingRoutes.cancel, {
        params: { id: booked.id },
        token: w.tokens.admin,
        idempotencyKey: key,
      });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('cancelled');
    await forgetAnswer(key);
    const before = await state();
    const retry = await cancel();
    expect([retry.statusCode, retry.json().status, retry.json().id]).toEqual([200, 'cancelled', booked.id]);
    expect(await state()).toEqual(before);
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, booked.reference), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(1);
  });

  it("a junior replaying a senior's key and body gets 422, never the senior's booking", async () => {
    const key = newKey();
    const senior = await postBooking(t.app, w.tokens.senior, bookingBody(w), { key });
    expect(senior.statusCode).toBe(200);
    const before = await state();
    const junior = await postBooking(t.app, w.tokens.junior, bookingBody(w), { key });
    expect([junior.statusCode, junior.json()]).toEqual([
      422,
      [{ fieldName: 'Idempotency-Key', errorMessage: BOOKING_MESSAGES.idempotencyMismatch }],
    ]);
    expect(junior.body).not.toContain(senior.json().booking.reference);
    expect(await state()).toEqual(before);
  });

  it('a failure before anything is committed frees the key; a call that lost its key cannot commit', async () => {
    const db = t.database.db;
    const input = {
      agencyId: w.agency.id,
      userId: w.agency.users.admin.id,
      key: newKey(),
      scope: 'test',
      body: { a: 1 },
    };
    await expect(
      withIdempotency(
        db,
        input,
        async () => Promise.reject(new Error('boom')),
        async () => 'replayed',
      ),
    ).rejects.toThrow('boom');
    expect(await keyRow(input.key)).toBeNull();

    // the lease ran out and a retry took the key over while this call was still working: its commit is refused
    const lost = withIdempotency(
      db,
      input,
      async (claim) => {
        await db.update(idempotencyKeys).set({ attempt: randomUUID() }).where(eq(idempotencyKeys.key, input.key));
        return db.transaction(async (tx) => {
          await tx
            .update(slots)
            .set({ left: sql`${slots.left} - 1` })
            .where(
              and(eq(slots.offerId, w.tour.timeslotOfferId), eq(slots.date, w.date), eq(slots.startTime, '18:00')),
            );
          await claim.record(tx, randomUUID());
          return 'committed';
        });
      },
      async () => 'replayed',
    );
    const before = await slotLeft(db, w.tour.timeslotOfferId, w.date, '18:00');
    await expect(lost).rejects.toThrow(BOOKING_MESSAGES.idempotencyRunning);
    expect(await slotLeft(db, w.tour.timeslotOfferId, w.date, '18:00')).toEqual(before);
    expect(await keyRow(input.key)).toMatchObject({ resourceId: null, state: 'running' });
  });
});

// Two calls with one key, the first stuck behind a locked slot past its lease: only one books (PostgreSQL: needs a
// second connection to hold the slot's lock).
describe.runIf(process.env.TEST_DATABASE_URL)('Idempotency-Key: a taken-over lease', () => {
  it('the stuck first call is refused at its commit, the retry that took over books once', async () => {
    const { default: pg } = await import('pg');
    const blocker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
    const before = await state();
    const key = newKey();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM slots WHERE offer_id = $1 AND date = $2 AND start_time = '18:00' FOR UPDATE`, [
        w.tour.timeslotOfferId,
        w.date,
      ]);
      const first = postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
      for (let i = 0; i < 50 && !(await keyRow(key)); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const busy = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
      expect([busy.statusCode, busy.body]).toEqual([409, BOOKING_MESSAGES.idempotencyRunning]);
      await t.database.db
        .update(idempotencyKeys)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(idempotencyKeys.key, key));
      const second = postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await blocker.query('ROLLBACK');
      const [a, b] = await Promise.all([first, second]);
      expect([a.statusCode, a.body]).toEqual([409, BOOKING_MESSAGES.idempotencyRunning]);
      expect(b.statusCode).toBe(200);
      const replay = await postBooking(t.app, w.tokens.admin, bookingBody(w), { key });
      expect(replay.json().booking.id).toBe(b.json().booking.id);
    } finally {
      await blocker.end();
    }
    expect(await state()).toEqual(afterOneBooking(before));
  });
});
