import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COMPANY_MESSAGES, bookingRoutes, spendingCapMessage } from '@portal/contract';
import { agencies, agentMonthSpend, bookings, users } from '../../db/schema/index.ts';
import { createAgency, decodeJwt, loginAs } from '../../../test/factories.ts';
import { readBalance } from '../ledger/ledger.repo.ts';
import { formatMoney } from '../documents/document-format.ts';
import {
  bookingBody,
  countBookings,
  fund,
  postBooking,
  slotLeft,
  bookingSuite,
} from '../../../test/booking-fixtures.ts';
import { dubaiMonth } from '../../lib/dubai-time.ts';
import { REFRESHED_TOKEN_HEADER } from '../account/session-refresh.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

// 2 adults + 1 child on the world's 18:00 slot: 398.00 AED net
const BOOKING_MINOR = 39_800;

// a new agency with 10,000.00 on its balance
async function fundedAgency() {
  const agency = await createAgency(t.database.db);
  await fund(t.database.db, agency.id, 1_000_000);
  return agency;
}

async function agentWithCap(capMinor: number | null) {
  const agency = await fundedAgency();
  const agent = agency.users.junior;
  await t.database.db.update(users).set({ monthlyCapMinor: capMinor }).where(eq(users.id, agent.id));
  return { agency, agent, token: await loginAs(t.app, agent.email) };
}

async function spent(userId: string) {
  const [row] = await t.database.db
    .select({ spent: agentMonthSpend.spentMinor })
    .from(agentMonthSpend)
    .where(and(eq(agentMonthSpend.userId, userId), eq(agentMonthSpend.month, dubaiMonth())));
  return row?.spent ?? 0;
}

async function state(agencyId: string, userId: string) {
  return {
    bookings: await countBookings(t.database.db, agencyId),
    balance: (await readBalance(t.database.db, agencyId, 'aed')).balanceMinor,
    left: (await slotLeft(t.database.db, w.tour.timeslotOfferId, w.date, '18:00'))?.left,
    spent: await spent(userId),
  };
}

const capMessage = (capMinor: number, leftMinor: number) =>
  spendingCapMessage(formatMoney(capMinor, 'aed', 'en'), formatMoney(leftMinor, 'aed', 'en'));

describe('monthly spending caps on POST /api/b2b/bookings', () => {
  it("counts every balance booking toward the agent's month, with or without a cap", async () => {
    const { agent, token } = await agentWithCap(null);
    const res = await postBooking(t.app, token, bookingBody(w));
    expect(res.statusCode).toBe(200);
    expect(await spent(agent.id)).toBe(BOOKING_MINOR);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
    expect(row).toMatchObject({ spendMinor: BOOKING_MINOR, spendMonth: dubaiMonth() });
  });

  it('refuses the booking that would pass the cap, naming the cap and what is left, and takes nothing', async () => {
    const { agency, agent, token } = await agentWithCap(50_000);
    expect((await postBooking(t.app, token, bookingBody(w))).statusCode).toBe(200);
    const before = await state(agency.id, agent.id);
    const res = await postBooking(t.app, token, bookingBody(w));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'paymentMethod', errorMessage: capMessage(50_000, 50_000 - 39_800) }]);
    expect(await state(agency.id, agent.id)).toEqual(before);
  });

  it('lets two bookings that together pass the cap race: exactly one gets through', async () => {
    const { agency, agent, token } = await agentWithCap(60_000);
    const before = await state(agency.id, agent.id);
    const results = await Promise.all([
      postBooking(t.app, token, bookingBody(w)),
      postBooking(t.app, token, bookingBody(w)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.statusCode === 422);
    expect(refused?.json()).toEqual([
      { fieldName: 'paymentMethod', errorMessage: capMessage(60_000, 60_000 - 39_800) },
    ]);
    expect(await state(agency.id, agent.id)).toEqual({
      bookings: before.bookings + 1,
      balance: before.balance - BOOKING_MINOR,
      left: (before.left ?? 0) - 3,
      spent: BOOKING_MINOR,
    });
  });

  it("a cap limits only its agent: the agency's other agents book on", async () => {
    const { agency, token } = await agentWithCap(10_000);
    expect((await postBooking(t.app, token, bookingBody(w))).statusCode).toBe(422);
    const senior = await loginAs(t.app, agency.users.senior.email);
    expect((await postBooking(t.app, senior, bookingBody(w))).statusCode).toBe(200);
  });

  it('a cancellation gives back what was refunded; the fee stays spent', async () => {
    const { agent, token } = await agentWithCap(100_000);
    const res = await postBooking(t.app, token, bookingBody(w));
    const id = res.json().booking.id;
    const cancel = await injectRoute(t.app, bookingRoutes.cancel, { params: { id }, token });
    expect(cancel.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    const fee = BOOKING_MINOR - (row?.refundMinor ?? 0);
    expect(row?.spendMinor).toBe(fee);
    expect(await spent(agent.id)).toBe(fee);
  });

  it('a card hold counts while it holds the seats and no longer once it lapses unpaid', async () => {
    const { agent, token } = await agentWithCap(50_000);
    const res = await postBooking(t.app, token, bookingBody(w), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(res.statusCode).toBe(200);
    expect(await spent(agent.id)).toBe(BOOKING_MINOR);
    // a second hold would pass the cap
    const second = await postBooking(t.app, token, bookingBody(w), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    expect(second.statusCode).toBe(422);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, res.json().booking.id));
    await t.app.bookings.sweepExpiredHolds();
    expect(await spent(agent.id)).toBe(0);
    expect((await postBooking(t.app, token, bookingBody(w))).statusCode).toBe(200);
  });
});

describe('an expired trade licence', () => {
  it('blocks new bookings with a clear message and takes nothing; a renewed one books again', async () => {
    const agency = await fundedAgency();
    const token = await loginAs(t.app, agency.users.admin.email);
    await t.database.db.update(agencies).set({ tradeLicenseExpiry: '2025-01-31' }).where(eq(agencies.id, agency.id));
    const before = await state(agency.id, agency.users.admin.id);
    for (const url of [routeUrl(bookingRoutes.create), routeUrl(bookingRoutes.createWithPaymentIntent)]) {
      const res = await postBooking(t.app, token, bookingBody(w), { url });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(COMPANY_MESSAGES.licenceExpired);
    }
    expect(await state(agency.id, agency.users.admin.id)).toEqual(before);
    await t.database.db.update(agencies).set({ tradeLicenseExpiry: '2031-01-31' }).where(eq(agencies.id, agency.id));
    expect((await postBooking(t.app, token, bookingBody(w))).statusCode).toBe(200);
  });
});

describe('a changed role applies on the next request', () => {
  it('answers a session whose role changed with a fresh token, and the server uses the new role at once', async () => {
    const agency = await fundedAgency();
    const admin = await loginAs(t.app, agency.users.admin.email);
    expect((await postBooking(t.app, admin, bookingBody(w))).statusCode).toBe(200);
    const senior = await loginAs(t.app, agency.users.senior.email);
    const list = (token: string) =>
      injectRoute(t.app, bookingRoutes.filtered, { body: { page: 1, onPage: 20 }, token });
    const asSenior = await list(senior);
    expect(asSenior.json().total).toBe(1);
    expect(asSenior.headers[REFRESHED_TOKEN_HEADER]).toBeUndefined();

    await t.database.db.update(users).set({ role: 'junior' }).where(eq(users.id, agency.users.senior.id));
    const asJunior = await list(senior);
    expect(asJunior.statusCode).toBe(200);
    expect(asJunior.json().total).toBe(0);
    const fresh = String(asJunior.headers[REFRESHED_TOKEN_HEADER] ?? '');
    expect(decodeJwt(fresh)).toMatchObject({ sub: agency.users.senior.id, role: 'junior' });
    // a refused call brings the fresh token too (the web app's menus follow whatever the answer)
    const balance = await injectRoute(t.app, bookingRoutes.balance, { token: senior });
    expect(balance.statusCode).toBe(403);
    expect(decodeJwt(String(balance.headers[REFRESHED_TOKEN_HEADER] ?? ''))).toMatchObject({ role: 'junior' });
    // the fresh token tells the truth: no refresh with it
    expect((await list(fresh)).headers[REFRESHED_TOKEN_HEADER]).toBeUndefined();
  });
});
