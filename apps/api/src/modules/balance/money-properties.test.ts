import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  BOOKING_MESSAGES,
  MONEY_MESSAGES,
  addDays,
  adminDeskRoutes,
  balanceRoutes,
  bookingRoutes,
  minorToMajor,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { buildTestApp, ownPostgresDatabase, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createAgency, createOperator } from '../../../test/factories.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import { createTestTour, type TestTour } from '../../../test/catalogue-fixtures.ts';
import { GUEST, retireTour } from '../../../test/booking-fixtures.ts';
import { routeUrl } from '../../../test/inject-route.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { buildSandboxEvent } from '../payments/providers/sandbox.ts';
import { findUserById } from '../account/account.repo.ts';
import { issueToken } from '../account/account.service.ts';
import {
  CAMP_PEOPLE,
  CARD_TOP_UP_FEE_PERCENT,
  NO_STOCK,
  OK,
  TIMESLOT_KEYS,
  TIMESLOT_PEOPLE,
  TOP_UP_MINIMUM_MINOR,
  bookingOf,
  closeOpenCharges,
  coversDebit,
  credit,
  expireHold,
  fits,
  giveBack,
  isBlockedByDues,
  needOf,
  overdueMinor,
  payBookingOutcome,
  paymentClosed,
  paymentOf,
  paymentSucceeded,
  percentOf,
  pick,
  priceOf,
  refundToCard,
  retryRefund,
  operatorAsksAgain,
  startOf,
  takeStock,
  tierPercent,
  topUpOf,
  type ChargeState,
  type MBooking,
  type MPayment,
  type MSlot,
  type MTopUp,
  type Model,
  type Outcome,
  type ProviderMode,
  type SlotKey,
} from '../../../test/money-properties.model.ts';

// Issue 14 item 10: random sequences of what moves an agency's money — balance bookings, card bookings paid,
// declined, abandoned or paid late, cancellations, card top-ups, bank transfers confirmed or rejected, refunds with a
// provider that refuses or loses its answer, replayed Idempotency-Keys — through the HTTP API and the jobs the
// server runs. After every step, from the database: the balance is the sum of the ledger and the last entry's
// balance-after (entry by entry, in seq order), never below the credit limit, and what the model expects; every
// payment is kept at most once (a booking paid, a top-up credited) and otherwise owed back in full; every refund is
// made at most once by the provider; the stock on each slot plus what the bookings took is what it started with.
// A failure prints fast-check's seed, path and the commands' replayPath (in the counterexample's comment):
//   MONEY_PROPS_SEED=<seed> MONEY_PROPS_PATH=<path> MONEY_PROPS_REPLAY=<replayPath> replays exactly that failure.

const NUM_RUNS = Number(process.env.MONEY_PROPS_RUNS ?? 40);
// the fewest runs that count as a test (a quarter of the asked number: 40 take ~14 s here, the limit is 150 s)
const MIN_RUNS = Math.ceil(NUM_RUNS / 4);
// at most this many steps a run; more are generated, since a step whose target does not exist yet is skipped
const MAX_STEPS = 25;
const MAX_GENERATED = 60;

type Real = {
  app: FastifyInstance;
  db: Db;
  agencyId: string;
  token: string;
  operatorToken: string;
  hotelId: number;
  secret: string;
  tour: TestTour;
};
type Response = LightMyRequestResponse;

let t: TestApp;
let dropDatabase: () => Promise<void> = async () => undefined;
let operatorToken: string;
let hotelId: number;
let tour: TestTour;

beforeAll(async () => {
  // The sweepers are global (every agency's holds, refunds and stale top-ups): on PostgreSQL this file has a
  // database of its own, so neither it nor the other suites sweep up each other's rows.
  if (process.env.TEST_DATABASE_URL) {
    const own = await ownPostgresDatabase('money_props');
    dropDatabase = own.drop;
    t = await buildTestApp({}, { databaseUrl: own.url });
  } else {
    t = await buildTestApp();
  }
  tour = await createTestTour(t.database.db);
  operatorToken = await sessionOf((await createOperator(t.database.db)).id);
  const [hotel] = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`SELECT h.id FROM hotels h JOIN cities c ON c.id = h.city_id WHERE c.url = 'dubai' ORDER BY h.id LIMIT 1`,
    ),
  );
  if (!hotel) throw new Error('demo hotels missing');
  hotelId = Number(hotel.id);
});
afterAll(async () => {
  if (tour) await retireTour(t.database.db, tour.id);
  await t?.close();
  await dropDatabase();
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
async function query<T>(r: Real, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await r.db.execute(statement));
}

// A session signed by the app's own token service, as a login issues it: a login costs a full scrypt check (a
// third of a second or more), and each run has an agency of its own. Every request still re-reads the user.
async function sessionOf(userId: string): Promise<string> {
  const row = await findUserById(t.database.db, userId);
  const site = t.app.deps.sites.byId('general');
  if (!row || !site) throw new Error('no user or site');
  return issueToken({ ...t.app.deps, site, actor: null, ip: '127.0.0.1' }, row);
}

// ---------------------------------------------------------------------------------------------------------------
// A run: a fresh agency, with a credit limit and maybe an old debt now overdue, and the tour's slots restocked
// (each run counts only its own agency's bookings against them: earlier runs' bookings are left as they were)
// ---------------------------------------------------------------------------------------------------------------
type Init = {
  creditLimitMinor: number;
  openingDebtMinor: number;
  stock: Record<(typeof TIMESLOT_KEYS)[number], number>;
};
const initArb: fc.Arbitrary<Init> = fc
  .record({
    creditLimitMinor: fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 300_000 }) },
    ),
    debtShare: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
    stock: fc.record({
      d1: fc.integer({ min: 0, max: 20 }),
      d2: fc.integer({ min: 0, max: 20 }),
      d3: fc.integer({ min: 0, max: 20 }),
    }),
  })
  .map(({ creditLimitMinor, debtShare, stock }) => ({
    creditLimitMinor,
    openingDebtMinor: Math.floor((creditLimitMinor * debtShare) / 100),
    stock,
  }));

async function newRun(init: Init): Promise<{ model: Model; real: Real }> {
  const db = t.database.db;
  const agency = await createAgency(db);
  const real: Real = {
    app: t.app,
    db,
    agencyId: agency.id,
    token: await sessionOf(agency.users.admin.id),
    operatorToken,
    hotelId,
    secret: loadOrCreateSecret(t.dataDir, 'sandbox-webhook'),
    tour,
  };
  const dates = { d1: addDays(tour.today, 1), d2: addDays(tour.today, 2), d3: addDays(tour.today, 3) };
  const slots = {} as Record<SlotKey, MSlot>;
  for (const key of TIMESLOT_KEYS) {
    const left = init.stock[key];
    const [row] = await query<{ id: number }>(
      real,
      sql`UPDATE slots SET capacity = 20, "left" = ${left}
        WHERE offer_id = ${tour.timeslotOfferId} AND date = ${dates[key]} AND start_time = '18:00' RETURNING id`,
    );
    if (!row) throw new Error(`no slot ${key}`);
    const initial = { left, adults: 0, children: 0 };
    slots[key] = { id: Number(row.id), date: dates[key], startTime: '18:00', sameTicket: false, ...initial, initial };
  }
  const [camp] = await query<{ id: number; left: number; adults: number; children: number }>(
    real,
    sql`UPDATE slots SET "left" = 6, left_adults_tickets = 4, left_children_tickets = 2
      WHERE offer_id = ${tour.sameTicketOfferId} AND date = ${dates.d2}
      RETURNING id, "left", left_adults_tickets AS adults, left_children_tickets AS children`,
  );
  if (!camp) throw new Error('no camp slot');
  const campInitial = { left: Number(camp.left), adults: Number(camp.adults), children: Number(camp.children) };
  slots.camp = {
    id: Number(camp.id),
    date: dates.d2,
    startTime: '09:00',
    sameTicket: true,
    ...campInitial,
    initial: campInitial,
  };

  // the credit line, and a debt from three months ago that is overdue until credits cover it (fixture history)
  const debt = init.openingDebtMinor;
  await db.execute(
    sql`UPDATE agency_balances SET credit_limit_minor = ${init.creditLimitMinor}, balance_minor = ${0 - debt}
      WHERE agency_id = ${agency.id} AND currency = 'aed'`,
  );
  if (debt > 0)
    await db.execute(sql`INSERT INTO ledger_entries (agency_id, currency, amount_minor, kind, description, reference,
        balance_after_minor, created_at)
      VALUES (${agency.id}, 'aed', ${-debt}, 'adjustment', 'Opening debt', 'OPENING', ${-debt}, now() - interval '100 days')`);
  const model: Model = {
    balance: 0 - debt,
    creditLimit: init.creditLimitMinor,
    openingDebt: debt,
    creditsSinceOpening: 0,
    slots,
    bookings: [],
    payments: [],
    topUps: [],
    keyed: [],
    steps: 0,
  };
  return { model, real };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP, the sandbox provider's side, and the jobs
// ---------------------------------------------------------------------------------------------------------------
function inject(
  r: Real,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: Record<string, unknown>; key?: string | null; token?: string } = {},
): Promise<Response> {
  return r.app.inject({
    method,
    url,
    headers: { ...bearer(options.token ?? r.token), ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

const resourceIdOf = (res: Response): string | null => {
  const body = res.json<{ id?: string; booking?: { id?: string } }>();
  return body.booking?.id ?? body.id ?? null;
};

function expectOutcome(res: Response, expected: Outcome, what: string) {
  note(`${what.replace(/[0-9a-f-]{36}/, '{id}')} ${expected.status}${'field' in expected ? ` ${expected.field}` : ''}`);
  expect(res.statusCode, `${what}: ${res.body}`).toBe(expected.status);
  if (expected.status === 200 || !expected.field) return;
  expect(res.json(), what).toContainEqual(
    expect.objectContaining({
      fieldName: expected.field,
      ...(expected.message ? { errorMessage: expected.message } : {}),
    }),
  );
}

// How a call that changes something is sent: without a key, with one, or with one twice at once (a double click,
// a client retrying before the first answer): one effect, the other answer the same or 409 while the first runs.
type SendMode = 'plain' | 'keyed' | 'keyed-twice';
const sendModeArb = fc.constantFrom<SendMode>('plain', 'keyed', 'keyed-twice');

async function submit(
  m: Model,
  r: Real,
  url: string,
  payload: Record<string, unknown> | undefined,
  mode: SendMode,
  expected: Outcome,
): Promise<Response> {
  const key = mode === 'plain' ? null : `props-${randomUUID()}`;
  const send = () => inject(r, 'POST', url, { payload, key });
  let res: Response;
  if (mode === 'keyed-twice') {
    const both = await Promise.all([send(), send()]);
    for (const one of both) expect([expected.status, 409], `${url}: ${one.body}`).toContain(one.statusCode);
    const answered = both.filter((one) => one.statusCode === expected.status);
    expect(answered.length, `${url}: one of two calls with the same key answers`).toBeGreaterThan(0);
    const [one, other] = answered;
    // Both answered: the same booking or top-up. Not always the same body: a call arriving after the first one
    // committed, while it still starts its card charge, is answered from the committed row, whose payment has no pay
    // page yet (DESIGN "Idempotency" says 409 while the first runs; reported with issue 14 item 10).
    if (one && other && expected.status === 200) expect(resourceIdOf(other), url).toBe(resourceIdOf(one));
    else if (one && other) expect(other.body, url).toBe(one.body);
    res = one ?? both[0];
  } else {
    res = await send();
  }
  expectOutcome(res, expected, url);
  if (key && (res.statusCode === 200 || res.statusCode === 422))
    m.keyed.push({ url, payload, key, status: res.statusCode, resourceId: resourceIdOf(res) });
  return res;
}

async function latestPayment(r: Real, owner: { bookingId: string } | { topUpId: string }) {
  const [row] = await query<{ id: string; provider_ref: string | null; amount_minor: string }>(
    r,
    'bookingId' in owner
      ? sql`SELECT id, provider_ref, amount_minor FROM payments WHERE booking_id = ${owner.bookingId} ORDER BY created_at DESC LIMIT 1`
      : sql`SELECT id, provider_ref, amount_minor FROM payments WHERE top_up_id = ${owner.topUpId} ORDER BY created_at DESC LIMIT 1`,
  );
  if (!row?.provider_ref) throw new Error('no sandbox charge was started');
  return { id: row.id, chargeId: row.provider_ref, amountMinor: Number(row.amount_minor) };
}

function addPayment(m: Model, owner: MPayment['owner'], row: { id: string; chargeId: string; amountMinor: number }) {
  const payment: MPayment = {
    ...row,
    owner,
    charge: 'pending',
    status: 'pending',
    owedMinor: 0,
    refundCalls: 0,
    unconfirmed: null,
    events: [],
  };
  m.payments.push(payment);
  return payment;
}

// the provider's own record of a charge changes (a payer finishing 3-D Secure late, a provider refusing refunds)
async function providerSets(r: Real, chargeId: string, status: ChargeState) {
  await r.db.execute(sql`UPDATE sandbox_charges SET status = ${status}, updated_at = now() WHERE id = ${chargeId}`);
}

function sandboxEvent(r: Real, chargeId: string, status: 'succeeded' | 'failed' | 'cancelled') {
  const failureMessage = status === 'failed' ? 'Your card was declined.' : null;
  const { rawBody, headers } = buildSandboxEvent(chargeId, { status, failureMessage }, r.secret);
  return { rawBody, headers };
}

async function deliver(r: Real, event: { rawBody: Buffer; headers: Record<string, string> }) {
  const res = await r.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: event.headers,
    payload: event.rawBody,
  });
  expect(res.statusCode, `webhook: ${res.body}`).toBe(200);
}

// the same event delivered `times` times at once
async function deliverAtOnce(r: Real, event: { rawBody: Buffer; headers: Record<string, string> }, times: number) {
  await Promise.all(Array.from({ length: times }, () => deliver(r, event)));
}

// refunds whose provider answer did not come: their lease runs out, and the sweeper asks again under the same id
async function retryOwedRefunds(m: Model, r: Real, sweeps: number) {
  await r.db.execute(
    sql`UPDATE payments SET refund_attempt_until = ${new Date(Date.now() - 60_000)}
      WHERE agency_id = ${r.agencyId} AND refund_attempt_id IS NOT NULL`,
  );
  await Promise.all(Array.from({ length: sweeps }, () => r.app.bookings.sweepExpiredHolds()));
  for (const p of m.payments) retryRefund(p);
}

// ---------------------------------------------------------------------------------------------------------------
// The properties, read from the database with plain SQL after every step
// ---------------------------------------------------------------------------------------------------------------
type LedgerRow = {
  seq: string;
  amount: string;
  kind: string;
  reference: string | null;
  booking_id: string | null;
  after: string | null;
};
type TopUpRow = {
  id: string;
  reference: string;
  method: string;
  status: string;
  amount: string;
  fee: string;
  decided_by: string | null;
};
type PaymentRow = {
  id: string;
  booking_id: string | null;
  top_up_id: string | null;
  status: string;
  amount: string;
  refunded: string;
  due: string;
  attempt: string;
  attempt_id: string | null;
  charge_status: string | null;
  charge_amount: string | null;
  charge_refunded: string | null;
  refund_keys: string[] | null;
};
type BookingRow = {
  id: string;
  reference: string;
  status: string;
  payment_method: string | null;
  net_total: string;
  paid_payment_id: string | null;
  refund: string | null;
  fee: string | null;
  stock_units: number;
  stock_adults: number;
  stock_children: number;
  held_units: number;
  held_adults: number;
  held_children: number;
  spend: string;
  spend_month: string | null;
  created_by: string;
};
type SlotRow = {
  id: string;
  left: number;
  adults: number | null;
  children: number | null;
  units: string;
  taken_adults: string;
  taken_children: string;
};

const n = (value: string | number | null | undefined) => Number(value ?? 0);

async function assertInvariants(m: Model, r: Real) {
  const [balanceRow] = await query<{ balance: string; credit: string }>(
    r,
    sql`SELECT balance_minor AS balance, credit_limit_minor AS credit FROM agency_balances
      WHERE agency_id = ${r.agencyId} AND currency = 'aed'`,
  );
  const entries = await query<LedgerRow>(
    r,
    sql`SELECT seq, amount_minor AS amount, kind, reference, booking_id, balance_after_minor AS after
      FROM ledger_entries WHERE agency_id = ${r.agencyId} AND currency = 'aed' ORDER BY seq`,
  );
  const topUps = await query<TopUpRow>(
    r,
    sql`SELECT id, reference, method, status, amount_minor AS amount, fee_minor AS fee, decided_by
      FROM top_ups WHERE agency_id = ${r.agencyId}`,
  );
  const payments = await query<PaymentRow>(
    r,
    sql`SELECT p.id, p.booking_id, p.top_up_id, p.status, p.amount_minor AS amount, p.refunded_minor AS refunded,
        p.refund_due_minor AS due, p.refund_attempt_minor AS attempt, p.refund_attempt_id AS attempt_id,
        c.status AS charge_status, c.amount_minor AS charge_amount, c.refunded_minor AS charge_refunded, c.refund_keys
      FROM payments p LEFT JOIN sandbox_charges c ON c.id = p.provider_ref WHERE p.agency_id = ${r.agencyId}`,
  );
  const bookings = await query<BookingRow>(
    r,
    sql`SELECT id, reference, status, payment_method, net_total_minor AS net_total, paid_payment_id,
        refund_minor AS refund, cancellation_fee_minor AS fee, stock_units, stock_adults, stock_children,
        held_units, held_adults, held_children, spend_minor AS spend, spend_month, created_by
      FROM bookings WHERE agency_id = ${r.agencyId}`,
  );
  const spendRows = await query<{ user_id: string; month: string; spent: string }>(
    r,
    sql`SELECT s.user_id, s.month, s.spent_minor AS spent FROM agent_month_spend s
      JOIN users u ON u.id = s.user_id WHERE u.agency_id = ${r.agencyId}`,
  );
  const slotIds = Object.values(m.slots).map((s) => s.id);
  const slots = await query<SlotRow>(
    r,
    sql`SELECT s.id, s."left", s.left_adults_tickets AS adults, s.left_children_tickets AS children,
        coalesce(sum(b.stock_units), 0) AS units, coalesce(sum(b.stock_adults), 0) AS taken_adults,
        coalesce(sum(b.stock_children), 0) AS taken_children
      FROM slots s LEFT JOIN bookings b ON b.slot_id = s.id AND b.agency_id = ${r.agencyId}
      WHERE s.id IN (${sql.join(
        slotIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY s.id`,
  );

  // The ledger: balance = Σ entries = the last entry's balance-after; each entry's balance-after is the running sum
  // in seq order and never below the credit limit; and it is the balance the model expects
  const balance = n(balanceRow?.balance);
  const creditLimit = n(balanceRow?.credit);
  let running = 0;
  for (const entry of entries) {
    running += n(entry.amount);
    expect(n(entry.after), `balance after entry ${entry.seq} (${entry.kind} ${entry.reference})`).toBe(running);
    expect(running, `entry ${entry.seq} passes the credit limit`).toBeGreaterThanOrEqual(-creditLimit);
  }
  expect(balance, 'balance = Σ ledger entries').toBe(running);
  expect(balance, 'balance ≥ −credit limit').toBeGreaterThanOrEqual(-creditLimit);
  expect(creditLimit, 'credit limit').toBe(m.creditLimit);
  expect(balance, 'balance = the model').toBe(m.balance);

  // Each ledger entry is explained once: a credited top-up (one deposit each), a booking paid from the balance (one
  // debit), its refund on cancellation (one credit), the opening debt; nothing else
  const entriesFor = (kind: string, reference: string) =>
    entries.filter((e) => e.kind === kind && e.reference === reference);
  let explained = m.openingDebt > 0 ? 1 : 0;
  for (const u of m.topUps) {
    const deposits = entriesFor('deposit', u.reference);
    expect(
      deposits.map((e) => n(e.amount)),
      `deposits of top-up ${u.reference}`,
    ).toEqual(u.status === 'credited' ? [u.amountMinor] : []);
    explained += deposits.length;
  }
  for (const b of m.bookings) {
    const debits = entriesFor('booking', b.reference);
    expect(
      debits.map((e) => [n(e.amount), e.booking_id]),
      `debits of booking ${b.reference}`,
    ).toEqual(b.paidFromBalance ? [[-b.netTotalMinor, b.id]] : []);
    const refunds = entriesFor('refund', b.reference);
    const refundedToBalance = b.paidFromBalance && b.status === 'cancelled' && (b.refundMinor ?? 0) > 0;
    expect(
      refunds.map((e) => n(e.amount)),
      `balance refunds of booking ${b.reference}`,
    ).toEqual(refundedToBalance ? [b.refundMinor] : []);
    explained += debits.length + refunds.length;
  }
  expect(entries.length, 'every ledger entry is a top-up, a booking, its refund or the opening debt').toBe(explained);

  // Top-ups: as the model says; credited only through a confirmed transfer or a succeeded card payment
  expect(topUps.length, 'top-ups').toBe(m.topUps.length);
  for (const row of topUps) {
    const u = topUpOf(m, row.id);
    expect([row.status, n(row.amount), n(row.fee)], `top-up ${row.reference}`).toEqual([
      u.status,
      u.amountMinor,
      u.feeMinor,
    ]);
    const cardPayments = payments.filter((p) => p.top_up_id === row.id);
    if (row.method === 'bank_transfer') {
      expect(cardPayments, `a bank transfer ${row.reference} has no card payment`).toEqual([]);
      if (row.status === 'credited' || row.status === 'rejected')
        expect(row.decided_by, `an operator decided ${row.reference}`).not.toBeNull();
    } else if (row.status === 'credited') {
      expect(
        cardPayments.map((p) => p.status),
        `card top-up ${row.reference} credited by its succeeded payment`,
      ).toEqual(['succeeded']);
    }
  }

  // Payments: kept at most once — by the booking it completed (paid_payment_id) or the top-up it credited — and
  // otherwise owed back in full; a cancellation's refund is the booking's; the provider made each refund once
  expect(payments.length, 'payments').toBe(m.payments.length);
  for (const row of payments) {
    const p = paymentOf(m, row.id);
    const amount = n(row.amount);
    const refunded = n(row.refunded);
    const owed = refunded + n(row.due) + n(row.attempt);
    const keys = row.refund_keys ?? [];
    const what = `payment ${row.id} (${p.owner.kind})`;
    expect([row.status, row.charge_status], `${what}: our status and the provider's`).toEqual([p.status, p.charge]);
    expect(n(row.charge_amount), `${what}: charged amount`).toBe(amount);
    expect(amount, `${what}: amount`).toBe(p.amountMinor);
    expect(owed, `${what}: owed back to the card`).toBe(p.owedMinor);
    expect(owed, `${what}: never more than it paid`).toBeLessThanOrEqual(amount);
    expect(new Set(keys).size, `${what}: refund keys at the provider are distinct`).toBe(keys.length);
    expect(keys.length, `${what}: refunds the provider made`).toBe(p.refundCalls);
    const attemptAtProvider = row.attempt_id !== null && keys.includes(row.attempt_id) ? n(row.attempt) : 0;
    expect(n(row.charge_refunded), `${what}: refunded once at the provider`).toBe(refunded + attemptAtProvider);
    if (!p.unconfirmed) expect([n(row.due), n(row.attempt), refunded], `${what}: refund settled`).toEqual([0, 0, owed]);

    const booking = row.booking_id ? bookings.find((b) => b.id === row.booking_id) : undefined;
    const topUp = row.top_up_id ? topUps.find((u) => u.id === row.top_up_id) : undefined;
    const kept = booking ? booking.paid_payment_id === row.id : topUp?.status === 'credited' && topUp.method === 'card';
    const took = row.status === 'succeeded' || row.status === 'refunded';
    if (!took) {
      expect([kept, owed], `${what}: an unpaid charge credits nothing and owes nothing`).toEqual([false, 0]);
      continue;
    }
    const keptRefund = booking?.status === 'cancelled' ? n(booking.refund) : 0;
    expect(owed, `${what}: ${kept ? 'kept once' : 'not kept: owed back in full'}`).toBe(kept ? keptRefund : amount);
  }

  // Bookings as the model says; a card booking completed is paid by exactly one payment that succeeded
  expect(bookings.length, 'bookings').toBe(m.bookings.length);
  for (const row of bookings) {
    const b = bookingOf(m, row.id);
    const what = `booking ${row.reference}`;
    expect(
      {
        status: row.status,
        paymentMethod: row.payment_method,
        netTotal: n(row.net_total),
        paidPaymentId: row.paid_payment_id,
        refund: row.refund === null ? null : n(row.refund),
        stock: { units: row.stock_units, adults: row.stock_adults, children: row.stock_children },
        holds: row.held_units > 0,
      },
      what,
    ).toEqual({
      status: b.status,
      paymentMethod: b.paymentMethod,
      netTotal: b.netTotalMinor,
      paidPaymentId: b.paidPaymentId,
      refund: b.refundMinor,
      stock: b.stock,
      holds: b.holds,
    });
    if (b.holds)
      expect([row.held_units, row.held_adults, row.held_children], `${what}: holds what it took`).toEqual([
        row.stock_units,
        row.stock_adults,
        row.stock_children,
      ]);
    if (row.refund !== null)
      expect(n(row.refund) + n(row.fee), `${what}: refund + fee = what was paid`).toBe(n(row.net_total));
    if (row.status === 'completed' && row.payment_method === 'card') {
      const paid = payments.filter((p) => p.id === row.paid_payment_id && p.status === 'succeeded');
      expect(paid.length, `${what}: paid by one succeeded payment`).toBe(1);
    }
  }

  // Spending caps: a booking counts what it charges while it holds seats or is paid, the kept fee once cancelled,
  // nothing otherwise; each agent's month row is the sum of what their bookings count in it
  const counted = new Map<string, number>();
  for (const row of bookings) {
    const taken = row.held_units + row.held_adults + row.held_children > 0 || row.status === 'completed';
    const expected = row.status === 'cancelled' && row.refund !== null ? n(row.fee) : taken ? n(row.net_total) : 0;
    expect(n(row.spend), `booking ${row.reference} (${row.status}): counts toward the cap`).toBe(expected);
    if (row.spend_month === null) continue;
    const key = `${row.created_by} ${row.spend_month}`;
    counted.set(key, (counted.get(key) ?? 0) + n(row.spend));
  }
  const rows = new Map(spendRows.map((row) => [`${row.user_id} ${row.month}`, n(row.spent)]));
  for (const key of new Set([...counted.keys(), ...rows.keys()]))
    expect(rows.get(key) ?? 0, `spend of ${key}`).toBe(counted.get(key) ?? 0);

  // Stock: what is left on each slot plus what its bookings took is what it started with
  for (const [key, slot] of Object.entries(m.slots)) {
    const row = slots.find((s) => Number(s.id) === slot.id);
    if (!row) throw new Error(`slot ${key} is gone`);
    expect(row.left + n(row.units), `slot ${key}: left + taken = initial`).toBe(slot.initial.left);
    expect(row.left, `slot ${key}: left`).toBe(slot.left);
    if (slot.sameTicket) {
      expect([n(row.adults) + n(row.taken_adults), n(row.children) + n(row.taken_children)], `slot ${key}`).toEqual([
        slot.initial.adults,
        slot.initial.children,
      ]);
      expect([row.adults, row.children], `slot ${key}: adults and children left`).toEqual([slot.adults, slot.children]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------------------------
type Cmd = fc.AsyncCommand<Model, Real>;
// what the runs did, printed at the end (a property that only ever meets refusals proves little)
const steps: Record<string, number> = {};
const notes: Record<string, number> = {};
const note = (what: string) => {
  notes[what] = (notes[what] ?? 0) + 1;
};
function command<P>(
  name: string,
  params: fc.Arbitrary<P>,
  applies: (m: Readonly<Model>, p: P) => boolean,
  act: (m: Model, r: Real, p: P) => Promise<void>,
): fc.Arbitrary<Cmd> {
  return params.map(
    (p): Cmd => ({
      check: (m) => m.steps < MAX_STEPS && applies(m, p),
      run: async (m, r) => {
        m.steps += 1;
        steps[name] = (steps[name] ?? 0) + 1;
        await act(m, r, p);
        await assertInvariants(m, r);
      },
      toString: () => `${name} ${JSON.stringify(p)}`,
    }),
  );
}

const target = fc.nat({ max: 1000 });
// A booking or top-up to act on: mostly one the step makes sense for, sometimes any (the refusals are checked too)
const choice = fc.record({ index: fc.nat({ max: 1000 }), any: fc.integer({ min: 0, max: 4 }).map((k) => k === 0) });
const pickWhere = <T>(list: readonly T[], fitting: (item: T) => boolean, index: number): T =>
  pick(list.filter(fitting), index);
function choose<T>(list: readonly T[], preferred: (item: T) => boolean, c: { index: number; any: boolean }): T {
  const fitting = list.filter(preferred);
  return pick(c.any || fitting.length === 0 ? list : fitting, c.index);
}
const people = { adults: fc.integer({ min: 0, max: 6 }), children: fc.integer({ min: 0, max: 3 }) };
const slotKeyArb = fc.constantFrom(...TIMESLOT_KEYS);
// top-up amounts in fils: mostly valid (100 AED and up), sometimes under the minimum
const topUpAmountArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: TOP_UP_MINIMUM_MINOR, max: 600_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: TOP_UP_MINIMUM_MINOR - 1 }) },
);

const guestOf = (hotel: number | null) => ({ ...GUEST, hotelId: hotel });

// a booking of the shared 4x4 at 18:00, picked up at a Dubai hotel
const shared4x4 = (r: Real, slot: MSlot, p: { adults: number; children: number }) => ({
  offerId: r.tour.timeslotOfferId,
  date: slot.date,
  time: '18:00',
  adults: p.adults,
  children: p.children,
  infants: 0,
  guest: guestOf(r.hotelId),
});

function peopleOutcome(adults: number, children: number, limits: { min: number; max: number }): Outcome | null {
  const total = adults + children;
  if (total === 0 || total < limits.min || total > limits.max) return { status: 422, field: 'adults' };
  return null;
}

function newBooking(
  m: Model,
  res: Response,
  fields: Pick<MBooking, 'slot' | 'adults' | 'children' | 'isRequest' | 'status' | 'paymentMethod' | 'priceMinor'>,
): MBooking {
  const view = res.json<{ booking: { id: string; reference: string } }>().booking;
  const booking: MBooking = {
    id: view.id,
    reference: view.reference,
    ...fields,
    quotedMinor: null,
    netTotalMinor: fields.priceMinor,
    holds: false,
    stock: NO_STOCK,
    paidPaymentId: null,
    paidFromBalance: false,
    refundMinor: null,
    payments: [],
  };
  m.bookings.push(booking);
  return booking;
}

// an instant booking of the shared 4x4 made: the model's booking, with the seats it took from its slot
function newShared4x4(
  m: Model,
  res: Response,
  p: { slot: SlotKey; adults: number; children: number },
  how: Pick<MBooking, 'status' | 'paymentMethod' | 'priceMinor'>,
): MBooking {
  const slot = m.slots[p.slot];
  const need = needOf(slot, p.adults, p.children);
  const b = newBooking(m, res, { slot: p.slot, adults: p.adults, children: p.children, isRequest: false, ...how });
  takeStock(slot, need);
  b.stock = need;
  return b;
}

// the card charge a booking call started: the model's payment, for the booking's amount
async function cardCharged(m: Model, r: Real, b: MBooking, amountMinor: number) {
  const payment = addPayment(m, { kind: 'booking', id: b.id }, await latestPayment(r, { bookingId: b.id }));
  expect(payment.amountMinor, 'the card is charged the booking').toBe(amountMinor);
  b.payments.push(payment.id);
}

// POST /bookings: paid from the balance in one statement — refused while something is overdue, when the seats are
// not there, or past the credit limit
const bookFromBalance = command(
  'book from balance',
  fc.record({ slot: slotKeyArb, ...people, mode: sendModeArb }),
  () => true,
  async (m, r, p) => {
    const slot = m.slots[p.slot];
    const price = priceOf(slot, p.adults, p.children);
    const need = needOf(slot, p.adults, p.children);
    const expected: Outcome =
      peopleOutcome(p.adults, p.children, TIMESLOT_PEOPLE) ??
      (isBlockedByDues(m) ? { status: 422, field: 'paymentMethod', message: MONEY_MESSAGES.overdue } : null) ??
      (!fits(slot, need) ? { status: 422, field: 'tickets' } : null) ??
      (!coversDebit(m, price)
        ? { status: 422, field: 'paymentMethod', message: BOOKING_MESSAGES.insufficientBalance }
        : OK);
    const res = await submit(m, r, routeUrl(bookingRoutes.create), shared4x4(r, slot, p), p.mode, expected);
    if (expected.status !== 200) return;
    const b = newShared4x4(m, res, p, { status: 'completed', paymentMethod: 'balance', priceMinor: price });
    b.paidFromBalance = true;
    m.balance -= price;
  },
);

// POST /bookings/withpaymentintent: the seats held 15 minutes for a sandbox card charge
const bookByCard = command(
  'book by card',
  fc.record({ slot: slotKeyArb, ...people, mode: sendModeArb }),
  () => true,
  async (m, r, p) => {
    const slot = m.slots[p.slot];
    const need = needOf(slot, p.adults, p.children);
    const expected =
      peopleOutcome(p.adults, p.children, TIMESLOT_PEOPLE) ??
      (fits(slot, need) ? OK : { status: 422, field: 'tickets' });
    const res = await submit(
      m,
      r,
      routeUrl(bookingRoutes.createWithPaymentIntent),
      shared4x4(r, slot, p),
      p.mode,
      expected,
    );
    if (expected.status !== 200) return;
    const price = priceOf(slot, p.adults, p.children);
    const b = newShared4x4(m, res, p, { status: 'pending_payment', paymentMethod: 'card', priceMinor: price });
    b.holds = true;
    await cardCharged(m, r, b, price);
  },
);

// A quotation request for the camp (not instant): no stock, no money, until an operator quotes it
const requestQuote = command(
  'request a quote',
  fc.record({ adults: fc.integer({ min: 0, max: 5 }), children: fc.integer({ min: 0, max: 3 }), mode: sendModeArb }),
  () => true,
  async (m, r, p) => {
    const slot = m.slots.camp;
    const expected = peopleOutcome(p.adults, p.children, CAMP_PEOPLE) ?? OK;
    const body = {
      offerId: r.tour.sameTicketOfferId,
      date: slot.date,
      time: null,
      adults: p.adults,
      children: p.children,
      infants: 0,
      guest: guestOf(null),
    };
    const res = await submit(m, r, routeUrl(bookingRoutes.create), body, p.mode, expected);
    if (expected.status !== 200) return;
    newBooking(m, res, {
      slot: 'camp',
      adults: p.adults,
      children: p.children,
      isRequest: true,
      status: 'request',
      paymentMethod: null,
      priceMinor: priceOf(slot, p.adults, p.children),
    });
  },
);

const isQuotable = (b: MBooking) => b.isRequest && (b.status === 'request' || b.status === 'payment_required');
const isPayable = (b: MBooking) => b.holds || (b.status === 'payment_required' && b.quotedMinor !== null);

// The operator quotes a net price (any booking: a quote of an instant booking or a request being paid is refused)
const quote = command(
  'operator quotes',
  fc.record({ booking: choice, netTotalMinor: fc.integer({ min: 1_000, max: 150_000 }) }),
  (m, p) => m.bookings.length > 0 && (p.booking.any || m.bookings.some(isQuotable)),
  async (m, r, p) => {
    const b = choose(m.bookings, isQuotable, p.booking);
    const expected: Outcome = !b.isRequest
      ? { status: 404 }
      : b.status === 'request' || b.status === 'payment_required'
        ? OK
        : { status: 422, field: 'id', message: BOOKING_MESSAGES.notARequest };
    const res = await inject(r, 'POST', routeUrl(bookingRoutes.adminQuote, { params: { id: b.id } }), {
      token: r.operatorToken,
      payload: { netTotal: minorToMajor(p.netTotalMinor), validHours: 24, note: 'Quoted by the property test' },
    });
    expectOutcome(res, expected, 'quote');
    if (expected.status !== 200) return;
    b.status = 'payment_required';
    b.quotedMinor = p.netTotalMinor;
  },
);

// POST /bookings/{id}/pay: a quote, or another card (or the balance) while a hold runs
const payBooking = command(
  'pay a booking',
  fc.record({ booking: choice, method: fc.constantFrom<'balance' | 'card'>('balance', 'card'), mode: sendModeArb }),
  (m, p) => m.bookings.length > 0 && (p.booking.any || m.bookings.some(isPayable)),
  async (m, r, p) => {
    const b = choose(m.bookings, isPayable, p.booking);
    // a charge left open at the provider is closed first (after the dues check), whatever the call then decides
    if (b.status === 'pending_payment' && !(p.method === 'balance' && isBlockedByDues(m)))
      closeOpenCharges(m, b.payments);
    const decided = payBookingOutcome(m, b, p.method);
    await submit(
      m,
      r,
      routeUrl(bookingRoutes.pay, { params: { id: b.id } }),
      { paymentMethod: p.method },
      p.mode,
      decided,
    );
    if (decided.status !== 200) return;
    const amount = b.quotedMinor ?? b.priceMinor;
    if (decided.takes) {
      takeStock(m.slots[b.slot], decided.takes);
      b.stock = decided.takes;
    }
    b.netTotalMinor = amount;
    b.paymentMethod = p.method;
    if (p.method === 'balance') {
      m.balance -= amount;
      b.status = 'completed';
      b.holds = false;
      b.paidFromBalance = true;
      return;
    }
    b.status = 'pending_payment';
    b.holds = true;
    await cardCharged(m, r, b, amount);
  },
);

// The agent on the sandbox's hosted page: a good card, a declined one, or "Cancel and return"
const payOnPage = command(
  'pay on the sandbox page',
  fc.record({ payment: target, outcome: fc.constantFrom('ok', 'ok', 'ok', 'declined', 'cancel') }),
  (m) => m.payments.some((p) => p.charge === 'pending'),
  async (m, r, p) => {
    const payment = pickWhere(m.payments, (x) => x.charge === 'pending', p.payment);
    const res =
      p.outcome === 'cancel'
        ? await r.app.inject({
            method: 'POST',
            url: `/api/payments/sandbox/pay/${payment.chargeId}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'step=cancel',
          })
        : await payOnSandboxPage(r.app, payment.chargeId, p.outcome === 'ok' ? SANDBOX_CARD.ok : SANDBOX_CARD.declined);
    expect(res.statusCode, `pay page: ${res.body}`).toBe(303);
    if (p.outcome === 'ok') {
      payment.charge = 'succeeded';
      paymentSucceeded(m, payment);
    } else {
      const status = p.outcome === 'declined' ? 'failed' : 'cancelled';
      payment.charge = status;
      paymentClosed(m, payment, status);
    }
  },
);

// The provider took the money but its webhook is lost: the agent's return to the portal asks the provider; the
// webhook may still come later (kept for "deliver again")
const paidWebhookLost = command(
  'paid, webhook lost, the return page asks',
  fc.record({ payment: target }),
  (m) => m.payments.some((p) => p.charge === 'pending'),
  async (m, r, p) => {
    const payment = pickWhere(m.payments, (x) => x.charge === 'pending', p.payment);
    await providerSets(r, payment.chargeId, 'succeeded');
    payment.charge = 'succeeded';
    const url =
      payment.owner.kind === 'booking'
        ? routeUrl(bookingRoutes.paymentStatus, { params: { id: payment.id } })
        : routeUrl(balanceRoutes.topUpDetail, { params: { id: payment.owner.id } });
    const res = await inject(r, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    payment.events.push(sandboxEvent(r, payment.chargeId, 'succeeded'));
    paymentSucceeded(m, payment);
  },
);

// A late payment: the charge was closed (hold expired, booking cancelled, top-up closed, pay page abandoned) while
// the payer was still finishing, and the provider says it succeeded after all — once, or twice at once
const latePayment = command(
  'late payment arrives',
  fc.record({ payment: target, twice: fc.boolean() }),
  (m) => m.payments.some((p) => p.charge === 'cancelled'),
  async (m, r, p) => {
    const payment = pickWhere(m.payments, (x) => x.charge === 'cancelled', p.payment);
    await providerSets(r, payment.chargeId, 'succeeded');
    payment.charge = 'succeeded';
    const event = sandboxEvent(r, payment.chargeId, 'succeeded');
    payment.events.push(event);
    await deliverAtOnce(r, event, p.twice ? 2 : 1);
    const owedBefore = payment.owedMinor;
    paymentSucceeded(m, payment);
    note(`late ${payment.owner.kind} payment ${payment.owedMinor > owedBefore ? 'refunded' : 'kept'}`);
  },
);

// The provider delivers a webhook again (the same event, maybe twice at once) or a second event with the same news
const webhookAgain = command(
  'webhook delivered again',
  fc.record({ payment: target, sameEvent: fc.boolean(), twice: fc.boolean() }),
  (m) => m.payments.some((p) => p.charge !== 'pending'),
  async (m, r, p) => {
    const payment = pickWhere(m.payments, (x) => x.charge !== 'pending', p.payment);
    const outcome = payment.charge === 'failed' ? 'failed' : payment.charge === 'cancelled' ? 'cancelled' : 'succeeded';
    const stored = payment.events.at(-1);
    const event = p.sameEvent && stored ? stored : sandboxEvent(r, payment.chargeId, outcome);
    await deliverAtOnce(r, event, p.twice ? 2 : 1);
    if (outcome === 'succeeded') paymentSucceeded(m, payment);
    else paymentClosed(m, payment, outcome);
  },
);

// Fifteen minutes pass on a hold: the sweeper closes its charges and gives the seats back
const expireAHold = command(
  'hold expires, sweeper runs',
  fc.record({ booking: target }),
  (m) => m.bookings.some((b) => b.holds),
  async (m, r, p) => {
    const b = pickWhere(m.bookings, (x) => x.holds, p.booking);
    await r.db.execute(sql`UPDATE bookings SET hold_expires_at = ${new Date(Date.now() - 60_000)} WHERE id = ${b.id}`);
    expect(await r.app.bookings.sweepExpiredHolds(), 'holds released').toBe(1);
    expireHold(m, b);
    // the same sweep then asks again for the card refunds whose answer was lost: their lease is over already
    // (loseRefundAnswer), so each is made or confirmed now, as in 'refund retry sweep'
    for (const payment of m.payments) retryRefund(payment);
  },
);

// Cancellation: a paid booking gets its tier back (to the balance, or owed to the card that paid — with the
// provider up, refusing for now, or making the refund and losing the answer); an unpaid one is withdrawn free and
// its open charges closed. Once, twice at once with one key, or twice at once with two.
const cancel = command(
  'cancel',
  fc.record({
    booking: choice,
    mode: fc.constantFrom<'plain' | 'keyed' | 'same-key-twice' | 'two-keys-at-once'>(
      'plain',
      'keyed',
      'same-key-twice',
      'two-keys-at-once',
    ),
    provider: fc.constantFrom<ProviderMode>('up', 'up', 'refuses', 'lost-answer'),
  }),
  (m) => m.bookings.length > 0,
  async (m, r, p) => {
    // half the time a paid booking (the refunds), else any not cancelled yet
    const b = choose(
      m.bookings,
      (x) => (p.booking.index % 2 === 0 ? x.status === 'completed' : x.status !== 'cancelled'),
      p.booking,
    );
    const before = b.status;
    const url = routeUrl(bookingRoutes.cancel, { params: { id: b.id } });
    const expected: Outcome =
      before === 'cancelled' ? { status: 422, field: 'id', message: BOOKING_MESSAGES.notCancellable } : OK;
    const card = before === 'completed' && b.paymentMethod === 'card' ? paymentOf(m, b.paidPaymentId ?? '') : null;
    const provider: ProviderMode = card ? p.provider : 'up';
    // refusing: the sandbox answers "failed" for a charge that is not paid
    if (card && provider === 'refuses') await providerSets(r, card.chargeId, 'failed');
    const keysBefore = card ? await refundKeysOf(r, card.chargeId) : [];
    const start = startOf(m.slots[b.slot]);
    const t0 = Date.now();
    if (p.mode === 'two-keys-at-once') {
      const both = await Promise.all([0, 1].map(() => inject(r, 'POST', url, { key: `props-${randomUUID()}` })));
      const statuses = both.map((x) => x.statusCode).sort();
      expect(statuses, `two cancellations at once: ${both.map((x) => x.body).join(' / ')}`).toEqual(
        expected.status === 200 ? [200, 422] : [422, 422],
      );
    } else {
      await submit(m, r, url, undefined, p.mode === 'same-key-twice' ? 'keyed-twice' : p.mode, expected);
    }
    const t1 = Date.now();
    if (card && provider === 'refuses') await providerSets(r, card.chargeId, card.charge);
    // the provider made the refund under the attempt's id, and its answer never reached the portal (the process
    // stopped): the payment is put back as it stood before the answer, the attempt unconfirmed and its lease over
    if (card && provider === 'lost-answer') {
      const made = (await refundKeysOf(r, card.chargeId)).slice(keysBefore.length);
      if (made.length > 0) await loseRefundAnswer(r, card.id, b.id, made[0] ?? '');
    }
    if (expected.status !== 200) return;

    giveBack(m.slots[b.slot], b.stock);
    b.stock = NO_STOCK;
    b.holds = false;
    b.status = 'cancelled';
    if (before !== 'completed') {
      b.refundMinor = null;
      if (before === 'pending_payment' || before === 'payment_failed') closeOpenCharges(m, b.payments);
      return;
    }
    // the tier at the moment the server decided (between t0 and t1: a tier boundary may pass during the call)
    const [row] = await query<{ refund: string }>(
      r,
      sql`SELECT refund_minor AS refund FROM bookings WHERE id = ${b.id}`,
    );
    const refund = n(row?.refund);
    const allowed = [tierPercent(start, t0), tierPercent(start, t1)].map((pct) => percentOf(b.netTotalMinor, pct));
    expect(allowed, `refund of ${b.reference} by the policy's tier`).toContain(refund);
    b.refundMinor = refund;
    note(`cancelled paid booking: ${card ? `card refund ${refund > 0 ? provider : 'none'}` : 'balance refund'}`);
    if (card) refundToCard(card, refund, provider);
    else if (refund > 0) credit(m, refund, { undoesNewDebit: true });
  },
);

async function refundKeysOf(r: Real, chargeId: string): Promise<string[]> {
  const [row] = await query<{ keys: string[] }>(
    r,
    sql`SELECT refund_keys AS keys FROM sandbox_charges WHERE id = ${chargeId}`,
  );
  return row?.keys ?? [];
}

async function loseRefundAnswer(r: Real, paymentId: string, bookingId: string, attemptId: string) {
  await r.db.execute(sql`
    UPDATE payments SET
      refunded_minor = refunded_minor - b.refund_minor,
      refund_attempt_id = ${attemptId}::uuid,
      refund_attempt_minor = b.refund_minor,
      refund_attempt_until = now() - interval '1 minute',
      status = 'succeeded',
      failure_message = 'Refund pending: the provider has not confirmed it yet'
    FROM bookings b WHERE payments.id = ${paymentId} AND b.id = ${bookingId}`);
}

// A refund the provider refused: the operator looks at the provider, then asks again (a new attempt, made once)
const operatorRetriesRefused = command(
  'operator asks again for a refused refund',
  fc.record({ payment: choice }),
  (m) => m.payments.some((p) => p.unconfirmed?.held),
  async (m, r, p) => {
    const payment = choose(m.payments, (x) => x.unconfirmed?.held === true, p.payment);
    await askAgainAsOperator(m, r, payment);
  },
);

async function askAgainAsOperator(m: Model, r: Real, payment: MPayment) {
  if (!payment.unconfirmed?.held) return;
  const res = await inject(r, 'POST', routeUrl(adminDeskRoutes.retryRefund, { params: { id: payment.id } }), {
    token: r.operatorToken,
  });
  expect(res.statusCode, `operator retry: ${res.body}`).toBe(200);
  operatorAsksAgain(payment);
}

// Refunds the provider did not confirm: their lease runs out and the sweeper (maybe two at once) asks again
const retryRefunds = command(
  'refund retry sweep',
  fc.record({ sweeps: fc.integer({ min: 1, max: 2 }) }),
  (m) => m.payments.some((p) => p.unconfirmed && !p.unconfirmed.held),
  async (m, r, p) => retryOwedRefunds(m, r, p.sweeps),
);

const topUpOutcome = (amountMinor: number): Outcome =>
  amountMinor < TOP_UP_MINIMUM_MINOR
    ? { status: 422, field: 'amount', message: MONEY_MESSAGES.amountBelowMinimum }
    : OK;

// a top-up the agency asked for: the model's, pending
function newTopUp(m: Model, res: Response, fields: Pick<MTopUp, 'method' | 'amountMinor' | 'feeMinor'>): MTopUp {
  const view = res.json<{ id: string; reference: string }>();
  const topUp: MTopUp = { id: view.id, reference: view.reference, ...fields, status: 'pending', paymentId: null };
  m.topUps.push(topUp);
  return topUp;
}

// POST /balance/topup by card: 3 % fee on top, credited by the payment the provider confirms
const cardTopUp = command(
  'top up by card',
  fc.record({ amountMinor: topUpAmountArb, mode: sendModeArb }),
  () => true,
  async (m, r, p) => {
    const expected = topUpOutcome(p.amountMinor);
    const body = { method: 'card', amount: minorToMajor(p.amountMinor), currencyCode: 'aed' };
    const res = await submit(m, r, routeUrl(balanceRoutes.topUp), body, p.mode, expected);
    if (expected.status !== 200) return;
    const fee = percentOf(p.amountMinor, CARD_TOP_UP_FEE_PERCENT);
    const topUp = newTopUp(m, res, { method: 'card', amountMinor: p.amountMinor, feeMinor: fee });
    const payment = addPayment(m, { kind: 'topUp', id: topUp.id }, await latestPayment(r, { topUpId: topUp.id }));
    expect(payment.amountMinor, 'the card is charged the amount and the fee').toBe(p.amountMinor + fee);
    topUp.paymentId = payment.id;
  },
);

// A card top-up left open 30 minutes: the sweeper closes its charge at the provider and ends it unpaid
const closeStaleTopUp = command(
  'stale card top-up closed',
  fc.record({ topUp: target }),
  (m) => m.topUps.some((u) => u.method === 'card' && u.status === 'pending'),
  async (m, r, p) => {
    const topUp = pickWhere(m.topUps, (u) => u.method === 'card' && u.status === 'pending', p.topUp);
    await r.db.execute(
      sql`UPDATE top_ups SET created_at = ${new Date(Date.now() - 31 * 60_000)} WHERE id = ${topUp.id}`,
    );
    expect(await r.app.balance.closeStaleCardTopUps(), 'stale top-ups closed').toBe(1);
    closeOpenCharges(m, topUp.paymentId ? [topUp.paymentId] : []);
  },
);

// A bank transfer declared by the agency, credited only when an operator confirms it
const declareTransfer = command(
  'declare a bank transfer',
  fc.record({ amountMinor: topUpAmountArb, mode: sendModeArb }),
  () => true,
  async (m, r, p) => {
    const expected = topUpOutcome(p.amountMinor);
    const body = {
      method: 'bank_transfer',
      amount: minorToMajor(p.amountMinor),
      currencyCode: 'aed',
      transferDate: r.tour.today,
      bankReference: `FT${randomUUID().slice(0, 8)}`,
    };
    const res = await submit(m, r, routeUrl(balanceRoutes.topUp), body, p.mode, expected);
    if (expected.status !== 200) return;
    newTopUp(m, res, { method: 'bank_transfer', amountMinor: p.amountMinor, feeMinor: 0 });
  },
);

// The operator confirms (once, or two operators at once) or rejects a top-up; only a pending transfer can be
const operatorDecides = command(
  'operator decides a top-up',
  fc.record({ topUp: choice, decision: fc.constantFrom('confirm', 'confirm-twice-at-once', 'reject') }),
  (m) => m.topUps.length > 0,
  async (m, r, p) => {
    const topUp = choose(m.topUps, (u) => u.method === 'bank_transfer' && u.status === 'pending', p.topUp);
    const decidable = topUp.method === 'bank_transfer' && topUp.status === 'pending';
    const url = routeUrl(p.decision === 'reject' ? balanceRoutes.adminRejectTopUp : balanceRoutes.adminConfirmTopUp, {
      params: { id: topUp.id },
    });
    const send = () =>
      inject(r, 'POST', url, {
        token: r.operatorToken,
        ...(p.decision === 'reject' ? { payload: { reason: 'No such transfer reached our account' } } : {}),
      });
    const answers = p.decision === 'confirm-twice-at-once' ? await Promise.all([send(), send()]) : [await send()];
    const statuses = answers.map((a) => a.statusCode).sort();
    const expected = decidable ? [200, ...answers.slice(1).map(() => 422)] : answers.map(() => 422);
    expect(statuses, `${url}: ${answers.map((a) => a.body).join(' / ')}`).toEqual(expected);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json()).toEqual([{ fieldName: 'id', errorMessage: MONEY_MESSAGES.notPending }]);
    if (!decidable) return;
    if (p.decision === 'reject') {
      topUp.status = 'rejected';
      return;
    }
    topUp.status = 'credited';
    credit(m, topUp.amountMinor);
  },
);

// A stored Idempotency-Key sent again: the same body answers as the first time and changes nothing (also twice at
// once); another body is refused
const replayKey = command(
  'replay an Idempotency-Key',
  fc.record({ keyed: target, variant: fc.constantFrom('same', 'same-twice-at-once', 'other-body') }),
  (m) => m.keyed.length > 0,
  async (m, r, p) => {
    const sent = pick(m.keyed, p.keyed);
    if (p.variant === 'other-body') {
      const payload = { ...(sent.payload ?? {}), other: randomUUID() };
      const res = await inject(r, 'POST', sent.url, { payload, key: sent.key });
      expect([res.statusCode, res.json()], `${sent.url} with another body`).toEqual([
        422,
        [{ fieldName: 'Idempotency-Key', errorMessage: BOOKING_MESSAGES.idempotencyMismatch }],
      ]);
      return;
    }
    const count = p.variant === 'same' ? 1 : 2;
    const answers = await Promise.all(
      Array.from({ length: count }, () => inject(r, 'POST', sent.url, { payload: sent.payload, key: sent.key })),
    );
    for (const res of answers) {
      expect(res.statusCode, `replay of ${sent.url}: ${res.body}`).toBe(sent.status);
      if (sent.status === 200) expect(resourceIdOf(res), `replay of ${sent.url}`).toBe(sent.resourceId);
    }
  },
);

// GET /balance: the figures an admin sees agree with the ledger, the credit line and what is overdue
const readBalance = command(
  'read the balance page',
  fc.constant(null),
  () => true,
  async (m, r) => {
    const res = await inject(r, 'GET', routeUrl(bookingRoutes.balance));
    expect(res.json()).toMatchObject({
      balance: minorToMajor(m.balance),
      creditLimit: minorToMajor(m.creditLimit),
      available: minorToMajor(m.balance + m.creditLimit),
      overdue: m.balance < 0 ? minorToMajor(overdueMinor(m)) : 0,
    });
  },
);

// how often each kind of step is generated (a step without a target yet is skipped)
const COMMANDS = (
  [
    [bookFromBalance, 3],
    [bookByCard, 3],
    [requestQuote, 1],
    [quote, 1],
    [payBooking, 2],
    [payOnPage, 4],
    [paidWebhookLost, 1],
    [latePayment, 2],
    [webhookAgain, 1],
    [expireAHold, 2],
    [cancel, 4],
    [retryRefunds, 2],
    [operatorRetriesRefused, 1],
    [cardTopUp, 2],
    [closeStaleTopUp, 1],
    [declareTransfer, 2],
    [operatorDecides, 2],
    [replayKey, 1],
    [readBalance, 1],
  ] as const
).flatMap(([arbitrary, weight]) => Array.from({ length: weight }, () => arbitrary));

describe('money rules under random sequences of bookings, payments, cancellations and top-ups', () => {
  it('keeps balance = Σ ledger within the credit limit, credits each payment once, pays each refund once, keeps stock exact', async () => {
    let runs = 0;
    const began = performance.now();
    const seed = process.env.MONEY_PROPS_SEED;
    const path = process.env.MONEY_PROPS_PATH;
    await fc.assert(
      fc.asyncProperty(
        initArb,
        fc.commands(COMMANDS, {
          maxCommands: MAX_GENERATED,
          size: 'max',
          ...(process.env.MONEY_PROPS_REPLAY ? { replayPath: process.env.MONEY_PROPS_REPLAY } : {}),
        }),
        async (init, commands) => {
          const run = await newRun(init);
          await assertInvariants(run.model, run.real);
          await fc.asyncModelRun(() => run, commands);
          // at the end, every refund still owed is paid out, once
          if (run.model.payments.some((p) => p.unconfirmed)) await retryOwedRefunds(run.model, run.real, 1);
          for (const p of run.model.payments) await askAgainAsOperator(run.model, run.real, p);
          await assertInvariants(run.model, run.real);
          expect(run.model.payments.filter((p) => p.unconfirmed)).toEqual([]);
          runs += 1;
        },
      ),
      {
        numRuns: NUM_RUNS,
        interruptAfterTimeLimit: 150_000,
        ...(seed ? { seed: Number(seed), ...(path ? { path } : {}) } : {}),
      },
    );
    const count = (tally: Record<string, number>) =>
      Object.entries(tally)
        .sort()
        .map(([what, times]) => `${what} ×${times}`)
        .join(', ');
    const total = Object.values(steps).reduce((sum, times) => sum + times, 0);
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.log(`money properties: ${runs} runs, ${total} steps in ${seconds} s (${count(steps)}); ${count(notes)}`);
    // a slow machine stops at the time limit with however many runs finished: too few prove little, so say so
    if (!process.env.MONEY_PROPS_REPLAY)
      expect(runs, 'runs finished before the time limit').toBeGreaterThanOrEqual(MIN_RUNS);
  }, 180_000);
});
