import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { buildPath, contractRoutes, type Role, type RouteDescriptor } from '@portal/contract';
import {
  agencies,
  apiKeys,
  bookings,
  payments,
  stockWatches,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema/index.ts';
import { readBalance, sumLedger } from '../src/modules/ledger/ledger.repo.ts';
import {
  bookingBody,
  countBookings,
  createBookingWorld,
  postBooking,
  retireTour,
  bookingSuite,
} from './booking-fixtures.ts';
import { bearer, createAgency, createOperator, insertWidget, loginAs, storeAgencyFile } from './factories.ts';

// Tests generated from the contract: a route added later is covered without anyone remembering to.
let operatorToken: string;
let other: {
  bookingId: string;
  paymentId: string;
  fileId: string;
  topUpId: string;
  agentId: string;
  widgetId: string;
  stockWatchId: string;
  apiKeyId: string;
  webhookId: string;
  deliveryId: string;
};

const routeName = (r: RouteDescriptor) => `${r.method} ${r.path}`;
const isMultipart = (r: RouteDescriptor) => r.multipart === true;

const { t, w } = bookingSuite();
beforeAll(async () => {
  operatorToken = await loginAs(t.app, (await createOperator(t.database.db)).email);
  // another agency's booking, card payment and file: the ids an agent of the first agency must never reach
  const them = await createBookingWorld(t.app, t.database.db);
  const card = (
    await postBooking(t.app, them.tokens.admin, bookingBody(them), { url: '/api/b2b/bookings/withpaymentintent' })
  ).json().booking;
  const [payment] = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.bookingId, card.id));
  const file = await storeAgencyFile(t.app, t.database.db, {
    agencyId: them.agency.id,
    kind: 'tradeLicense',
    originalName: 'licence.pdf',
    contentType: 'application/pdf',
  });
  const topUp = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/balance/topup',
    headers: bearer(them.tokens.admin),
    payload: {
      method: 'bank_transfer',
      amount: 500,
      currencyCode: 'aed',
      transferDate: '2026-01-05',
      bankReference: 'FT',
    },
  });
  // both agencies may have widgets and the reseller API: the routes' access is then the role matrix alone
  await t.database.db
    .update(agencies)
    .set({ isWidgetsCreationAllowed: 1, isApiAllowed: 1 })
    .where(inArray(agencies.id, [w.agency.id, them.agency.id]));
  const widget = await insertWidget(t.database.db, them.agency, {
    slug: `theirs-${them.agency.id.slice(0, 8)}`,
    name: 'Their shop',
  });
  const [watch] = await t.database.db
    .insert(stockWatches)
    .values({
      agencyId: them.agency.id,
      userId: them.agency.users.admin.id,
      offerId: them.tour.timeslotOfferId,
      date: them.date,
      startTime: '18:00',
      adults: 2,
      language: 'en',
    })
    .returning({ id: stockWatches.id });
  const [key] = await t.database.db
    .insert(apiKeys)
    .values({
      agencyId: them.agency.id,
      userId: them.agency.users.admin.id,
      name: 'Their engine',
      prefix: 'gfk_theirs0',
      secretHash: `theirs-${them.agency.id}`,
    })
    .returning({ id: apiKeys.id });
  const [hook] = await t.database.db
    .insert(webhookEndpoints)
    .values({
      agencyId: them.agency.id,
      url: 'https://example.com/h',
      secret: 'whsec_dGhlaXJz',
      events: ['booking.confirmed'],
    })
    .returning({ id: webhookEndpoints.id });
  const deliveryId = `msg_${them.agency.id.replace(/-/g, '')}`;
  if (hook)
    await t.database.db.insert(webhookDeliveries).values({
      id: deliveryId,
      endpointId: hook.id,
      agencyId: them.agency.id,
      eventType: 'webhook.test',
      payload: {},
      status: 'failed',
    });
  if (!payment || !widget || !watch || !key || !hook || topUp.statusCode !== 200) throw new Error('fixtures missing');
  other = {
    bookingId: card.id,
    paymentId: payment.id,
    fileId: file.id,
    topUpId: topUp.json().id,
    agentId: them.agency.users.junior.id,
    widgetId: widget.id,
    stockWatchId: watch.id,
    apiKeyId: key.id,
    webhookId: hook.id,
    deliveryId,
  };
  await retireTour(t.database.db, them.tour.id);
});

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'junior', 'senior', 'admin', 'operator'];
// a browser on one of the portal's pages says so (the analytics batches are refused from anywhere else)
const FROM_PORTAL_PAGE = { origin: 'http://localhost' };
const tokenOf = (caller: Caller) =>
  caller === 'anonymous' ? null : caller === 'operator' ? operatorToken : w.tokens[caller];

// a harmless value for each path parameter (what matters here is who may call, not what is found)
const PARAMS = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'voucher',
  url: 'uae',
  a: 'uae',
  b: 'dubai',
  category: 'desert-safaris',
  code: 'NOPE',
  key: 'none',
};

describe('roles: one matrix in the contract, enforced for every route', () => {
  const cases = contractRoutes.flatMap((route) => CALLERS.map((caller) => [routeName(route), caller, route] as const));
  it.each(cases)('%s as %s', async (_name, caller, route) => {
    const token = tokenOf(caller);
    const res = await t.app.inject({
      method: route.method,
      url: `/api${buildPath(route.path, PARAMS)}`,
      headers: { ...FROM_PORTAL_PAGE, ...(token ? bearer(token) : {}) },
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
    const allowed = route.access.kind === 'public' || (caller !== 'anonymous' && route.access.roles.includes(caller));
    if (allowed) expect([401, 403]).not.toContain(res.statusCode);
    else expect(res.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
    expect(res.statusCode).toBeLessThan(500);
  });
});

const widgetBody = () => ({
  name: 'Shop',
  type: 'multipleTours',
  currency: 'aed',
  language: 'en',
  offers: [{ offerId: w.tour.sameTicketOfferId, saleAdult: 100, saleChild: 100, saleTrip: null }],
});

// a body the route accepts, so that what answers is the id's lookup and not the body's validation
function validBodyFor(route: RouteDescriptor): Record<string, unknown> {
  if (route.path.endsWith('/pay')) return { paymentMethod: 'balance' };
  if (route.method === 'PUT' && route.path === '/b2b/agents/{id}')
    return { name: 'Omar Saleh', phone: '+971500000000', role: 'admin', jobTitle: '', monthlyCap: null };
  if (route.method === 'PUT' && route.path === '/b2b/widgets/{id}') return widgetBody();
  if (route.method === 'PUT' && route.path === '/b2b/webhooks/{id}') return { isEnabled: true };
  return {};
}

describe("tenants: every agency route that takes an id answers another agency's id with 404", () => {
  // which kind of record each id parameter names; a new route with an id must be added here, or this test fails
  const idOf = (route: RouteDescriptor): string | null => {
    if (route.path.startsWith('/b2b/bookings/{id}') || route.path.startsWith('/b2b/bookings/requests/{id}'))
      return other.bookingId;
    if (route.path === '/b2b/payments/{id}') return other.paymentId;
    if (route.path === '/b2b/files/{id}') return other.fileId;
    if (route.path === '/b2b/balance/topups/{id}' || route.path === '/b2b/balance/topups/{id}/proof')
      return other.topUpId;
    if (route.path.startsWith('/b2b/agents/{id}')) return other.agentId;
    if (route.path.startsWith('/b2b/widgets/{id}')) return other.widgetId;
    if (route.path === '/b2b/stock-watches/{id}') return other.stockWatchId;
    if (route.path.startsWith('/b2b/api-keys/{id}')) return other.apiKeyId;
    if (route.path.startsWith('/b2b/webhooks/deliveries/{id}')) return other.deliveryId;
    if (route.path.startsWith('/b2b/webhooks/{id}')) return other.webhookId;
    return null;
  };
  const tenantRoutes = contractRoutes.filter(
    (r) =>
      r.path.includes('{id}') &&
      r.access.kind === 'user' &&
      r.access.roles.some((role) => role !== 'operator') &&
      !r.path.startsWith('/b2b/tours') &&
      !r.path.startsWith('/b2b/tickets'),
  );

  it('covers every such route', () => {
    expect(tenantRoutes.filter((r) => idOf(r) === null).map(routeName)).toEqual([]);
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(tenantRoutes.map((r) => [routeName(r), r] as const))('%s', async (_name, route) => {
    const before = {
      bookings: await countBookings(t.database.db, w.agency.id),
      balance: (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor,
    };
    // a route a junior may not call at all answers the junior 403 before any id is looked at
    const callers =
      route.access.kind === 'user' && route.access.roles.includes('junior') ? ['admin', 'junior'] : ['admin'];
    for (const token of callers.map((c) => w.tokens[c as 'admin' | 'junior'])) {
      const res = await t.app.inject({
        method: route.method,
        url: `/api${buildPath(route.path, { ...PARAMS, id: idOf(route) ?? '' })}`,
        headers: bearer(token),
        ...(route.method === 'GET' ? {} : { payload: validBodyFor(route) }),
      });
      expect([routeName(route), res.statusCode]).toEqual([routeName(route), 404]);
    }
    const [theirs] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, other.bookingId));
    expect(theirs?.status).toBe('pending_payment');
    const [theirAgent] = await t.database.db
      .select({ status: users.status, role: users.role })
      .from(users)
      .where(eq(users.id, other.agentId));
    expect(theirAgent).toEqual({ status: 'normal', role: 'junior' });
    expect({
      bookings: await countBookings(t.database.db, w.agency.id),
      balance: (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor,
    }).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input: property-based fuzzing of every body and query schema
// ---------------------------------------------------------------------------------------------------------------
function keysOf(schema: z.ZodType | undefined): string[] {
  if (schema && 'shape' in schema && schema.shape && typeof schema.shape === 'object') return Object.keys(schema.shape);
  return [];
}

// strings with the characters that broke things before: NUL and other controls, quotes, huge numbers, unicode
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    "'; DROP TABLE bookings; --",
    '2147483648',
    '-1',
    '1e309',
    'NaN',
    '9999-99-99',
    '../../etc/passwd',
    '=HYPERLINK("x")',
    '',
    ' ',
  ),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

// A valid body with some of its values swapped for nasty ones: reaches the code behind the schema
function mutated(example: unknown): fc.Arbitrary<unknown> {
  if (example && typeof example === 'object' && !Array.isArray(example)) {
    return fc.record(Object.fromEntries(Object.entries(example).map(([k, v]) => [k, mutated(v)])));
  }
  return fc.oneof({ weight: 5, arbitrary: fc.constant(example) }, { weight: 1, arbitrary: nastyLike(example) });
}

// a wrong value of the same kind as the valid one, so it gets past the type check to the code behind
function nastyLike(example: unknown): fc.Arbitrary<unknown> {
  if (typeof example === 'string') {
    return fc.oneof(
      fc.constant(`${example}\u0000`),
      fc.constant(`\u0000${example}`),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constant(example.repeat(300)),
      fc.constant(`=${example}`),
      fc.constant(''),
    );
  }
  if (typeof example === 'number')
    return fc.constantFrom(2_147_483_648, -1, 0, 0.5, 1e308, Number.MAX_SAFE_INTEGER + 2, -2_147_483_649);
  return value;
}

// valid bodies of the routes that write: the fuzzer varies them field by field
const examples = (): Record<string, unknown> => ({
  'POST /b2b/bookings': bookingBody(w),
  'POST /b2b/bookings/withpaymentintent': bookingBody(w),
  'POST /b2b/bookings/withtappaymentcharge': bookingBody(w),
  'POST /b2b/bookings/{id}/pay': { paymentMethod: 'balance' },
  'POST /b2b/bookings/filtered': {
    page: 1,
    onPage: 20,
    status: 'completed',
    search: 'Maria',
    dateFrom: w.date,
    dateTo: w.date,
  },
  'POST /b2b/account/forgotpassword': { email: 'someone@example.test' },
  'POST /b2b/account/resetpassword': {
    token: 'abc',
    password: 'Long-enough-pass-1',
    confirmPassword: 'Long-enough-pass-1',
  },
  'POST /insight/events': {
    sessionId: '00000000-0000-4000-8000-00000000000a',
    events: [{ kind: 'search', path: '/city', props: { query: 'desert', results: 3 } }],
  },
  'POST /admin/requests/{id}/quote': { amount: 120.5, validHours: 24, note: 'Includes transfer' },
  'POST /admin/requests/{id}/decline': { reason: 'Fully booked' },
  'POST /b2b/widgets': widgetBody(),
  'PUT /b2b/widgets/{id}': widgetBody(),
});

function bodyArbitrary(schema: z.ZodType | undefined, example: unknown) {
  const keys = keysOf(schema);
  const known =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
      : fc.constant({});
  return fc.oneof(
    ...(example === undefined ? [] : [mutated(example), mutated(example)]),
    known,
    fc.tuple(known, fc.dictionary(nasty, value, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })),
    value,
    fc.letrec((tie) => ({
      deep: fc.oneof({ depthSize: 'small' }, value, fc.dictionary(fc.string(), tie('deep'), { maxKeys: 2 })),
    })).deep,
  );
}

function queryArbitrary(schema: z.ZodType | undefined) {
  const keys = [...keysOf(schema), 'extra'];
  return fc.dictionary(fc.constantFrom(...keys), nasty, { maxKeys: keys.length });
}

const isItems = (body: unknown) =>
  Array.isArray(body) &&
  body.every(
    (i) => i && typeof i === 'object' && typeof i.fieldName === 'string' && typeof i.errorMessage === 'string',
  );

describe('bad input: fuzzed bodies and queries get a 4xx, never a 5xx, and write nothing', () => {
  const fuzzed = contractRoutes.filter((r) => !isMultipart(r) && (r.body || r.query));
  // these check a password (a third of a second each): fewer runs
  const hashing = new Set(['/b2b/account/login', '/b2b/account/changepassword', '/b2b/account/resetpassword']);
  let inputs = 0;
  afterAll(() => console.log(`fuzzed ${fuzzed.length} routes with ${inputs} inputs`));

  it.each(fuzzed.map((r) => [routeName(r), r] as const))('%s', async (_name, route) => {
    const token =
      route.access.kind === 'public' ? null : route.access.roles.includes('admin') ? w.tokens.admin : operatorToken;
    const before = {
      bookings: await countBookings(t.database.db, w.agency.id),
      ledger: await sumLedger(t.database.db, w.agency.id, 'aed'),
    };
    let created = 0;
    await fc.assert(
      fc.asyncProperty(
        bodyArbitrary(route.body, examples()[routeName(route)]),
        queryArbitrary(route.query),
        async (body, query) => {
          inputs += 1;
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
          ).toString();
          const res = await t.app.inject({
            method: route.method,
            url: `/api${buildPath(route.path, PARAMS)}${search ? `?${search}` : ''}`,
            headers: { ...FROM_PORTAL_PAGE, ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} ${res.body} for ${JSON.stringify(body).slice(0, 300)} ?${search}`);
          if (res.statusCode === 422) expect(isItems(res.json())).toBe(true);
          if (
            res.statusCode === 200 &&
            route.method === 'POST' &&
            route.path.startsWith('/b2b/bookings') &&
            !route.path.includes('filtered')
          )
            created += 1;
        },
      ),
      { numRuns: hashing.has(route.path) ? 8 : 40 },
    );
    if (created === 0) {
      expect({
        bookings: await countBookings(t.database.db, w.agency.id),
        ledger: await sumLedger(t.database.db, w.agency.id, 'aed'),
      }).toEqual(before);
    }
  });
});

// keep the agency from the first test file's state: a sanity check that the fixtures are what they claim
describe('fixtures', () => {
  it("the other agency's ids exist", async () => {
    expect(await createAgency(t.database.db)).toBeDefined();
    const [row] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, other.bookingId));
    expect(row?.id).toBe(other.bookingId);
  });
});
