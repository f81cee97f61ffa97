import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { bookingRoutes } from '@portal/contract';
import { payments } from '../src/db/schema/index.ts';
import type { PaymentConfig } from '../src/config/payment-config.ts';
import { bookingBody, createBookingWorld, postBooking, retireTour, type BookingWorld } from './booking-fixtures.ts';
import { postTapWebhook, startTapStandIn, type TapStandIn } from './stand-ins/tap-stand-in.ts';
import { buildTestApp, ownPostgresDatabase, type TestApp } from './build-test-app.ts';
import { failInCiWithout } from './ci-needs.ts';
import { routeUrl } from './inject-route.ts';

// Two app instances on one PostgreSQL database (two nodes), both paying out owed card refunds through Tap, whose
// API has no idempotency key: every refund must be asked of the provider exactly once (counted at the stand-in).
const BOOKINGS = 12;

failInCiWithout(Boolean(process.env.TEST_DATABASE_URL), 'PostgreSQL (TEST_DATABASE_URL)');

describe.runIf(process.env.TEST_DATABASE_URL)('two nodes retrying card refunds at once', () => {
  let tap: TapStandIn;
  let a: TestApp;
  let b: TestApp;
  let w: BookingWorld;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    tap = await startTapStandIn();
    const own = await ownPostgresDatabase('two_node_refunds');
    drop = own.drop;
    const payment: PaymentConfig = {
      provider: 'tap',
      tapSecretKey: tap.secretKey,
      tapApiBase: tap.apiBase,
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiBase: undefined,
    };
    a = await buildTestApp({ payment }, { databaseUrl: own.url, poolSize: 4 });
    b = await buildTestApp({ payment }, { databaseUrl: own.url, poolSize: 4 });
    w = await createBookingWorld(a.app, a.database.db);
  });
  afterAll(async () => {
    await retireTour(a.database.db, w.tour.id);
    await a.close();
    await b.close();
    await tap.close();
    await drop();
  });

  it('asks the provider once per refund owed, whichever node gets there first', async () => {
    const refs: string[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const booking = (
        await postBooking(a.app, w.tokens.admin, bookingBody(w), { url: routeUrl(bookingRoutes.createWithTapCharge) })
      ).json().booking;
      const [payment] = await a.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      if (!payment?.providerRef) throw new Error('no Tap charge');
      tap.complete(payment.providerRef, 'CAPTURED');
      expect((await postTapWebhook(a.app, tap, payment.providerRef)).statusCode).toBe(200);
      refs.push(payment.providerRef);
    }
    // partial refunds owed (a cancellation fee kept) whose payout never happened: a second request for one would
    // succeed at the provider, so a duplicate cannot hide behind an over-refund refusal
    await a.database.db
      .update(payments)
      .set({ refundDueMinor: sql`${payments.amountMinor} / 2`, refundReason: 'Booking cancelled' })
      .where(inArray(payments.providerRef, refs));
    const before = tap.refunds.length;

    await Promise.all([a, b, a, b, a, b].map((node) => node.app.bookings.sweepExpiredHolds()));

    const made = tap.refunds.slice(before);
    const perCharge = refs.map((ref) => made.filter((r) => r.charge_id === ref).length);
    expect(perCharge).toEqual(refs.map(() => 1));
    const rows = await a.database.db.select().from(payments).where(inArray(payments.providerRef, refs));
    expect(
      rows.map((r) => [
        r.status,
        r.refundedMinor === Math.floor(r.amountMinor / 2),
        r.refundDueMinor,
        r.refundAttemptId,
      ]),
    ).toEqual(rows.map(() => ['succeeded', true, 0, null]));
    console.log(`two nodes: ${BOOKINGS} refunds owed, 6 sweeps at once, ${made.length} refund calls at the provider`);
  });
});
