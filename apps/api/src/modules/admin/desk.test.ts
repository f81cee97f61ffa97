import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agencyBalances, auditEvents, ledgerEntries, topUps } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createAgency, createOperator, loginAs } from '../../../test/factories.ts';
import {
  bookingBody,
  createBookingWorld,
  guest,
  postBooking,
  retireTour,
  type BookingWorld,
} from '../bookings/booking-fixtures.ts';

// The tours company's desk (issue 12 items 4, 5, 6): quotation requests, bank transfers, card payments and refunds,
// every agency's bookings. Each operator change writes one audit row in its own transaction.
let t: TestApp;
let w: BookingWorld;
let ops: string;
let operatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createBookingWorld(t.app, t.database.db);
  const operator = await createOperator(t.database.db);
  operatorId = operator.id;
  ops = await loginAs(t.app, operator.email);
});
afterAll(async () => {
  await retireTour(t.database.db, w.tour.id);
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = ops) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

const auditFor = (entityId: string) =>
  t.database.db
    .select({
      action: auditEvents.action,
      entity: auditEvents.entity,
      agencyId: auditEvents.agencyId,
      actor: auditEvents.actorUserId,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.id);

const balanceOf = async (agencyId: string) => {
  const [row] = await t.database.db
    .select({ balance: agencyBalances.balanceMinor })
    .from(agencyBalances)
    .where(and(eq(agencyBalances.agencyId, agencyId), eq(agencyBalances.currency, 'aed')));
  return row?.balance ?? 0;
};

async function newRequest(token = w.tokens.admin) {
  const res = await postBooking(
    t.app,
    token,
    bookingBody(w, {
      offerId: w.tour.sameTicketOfferId,
      time: null,
      adults: 2,
      children: 0,
      guest: guest(w, { hotelId: null }),
      notes: 'Two vegetarian meals please',
    }),
  );
  expect(res.json().booking.status).toBe('request');
  return res.json().booking as { id: string; reference: string };
}

async function declareTransfer(agencyToken: string, amount = 1500) {
  const res = await call(
    'POST',
    '/b2b/balance/topup',
    { method: 'bank_transfer', amount, currencyCode: 'aed', transferDate: '2026-01-05', bankReference: 'FT-DESK-1' },
    agencyToken,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; reference: string };
}

describe('audit rows for the existing operator decisions', () => {
  it('a quote writes one booking.quoted row; a repeat quote another, a refused one none', async () => {
    const request = await newRequest();
    const quoted = await call('POST', `/admin/requests/${request.id}/quote`, { netTotal: 80, validHours: 24 });
    expect(quoted.statusCode).toBe(200);
    const rows = await auditFor(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'booking.quoted',
      entity: 'booking',
      agencyId: w.agency.id,
      actor: operatorId,
    });
    expect(rows[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'request', to: 'payment_required' },
        { field: 'quotedNet', from: null, to: '80.00' },
      ]),
    );
    // a bad amount is refused before anything is written
    const bad = await call('POST', `/admin/requests/${request.id}/quote`, { netTotal: 0 });
    expect(bad.statusCode).toBe(422);
    expect(await auditFor(request.id)).toHaveLength(1);
  });

  it('a decline writes one booking.declined row with the reason; declining again writes none', async () => {
    const request = await newRequest();
    const reason = 'The camp is closed that night';
    expect((await call('POST', `/admin/requests/${request.id}/decline`, { reason })).statusCode).toBe(200);
    const again = await call('POST', `/admin/requests/${request.id}/decline`, { reason });
    expect(again.statusCode).toBe(422);
    expect(await auditFor(request.id)).toEqual([
      {
        action: 'booking.declined',
        entity: 'booking',
        agencyId: w.agency.id,
        actor: operatorId,
        changes: [
          { field: 'status', from: 'request', to: 'cancelled' },
          { field: 'declineReason', from: null, to: reason },
        ],
      },
    ]);
  });

  it('confirming a transfer writes one topUp.confirmed row, also when two operators race', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const transfer = await declareTransfer(token);
    const answers = await Promise.all([1, 2].map(() => call('POST', `/admin/topups/${transfer.id}/confirm`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await balanceOf(agency.id)).toBe(150_000);
    expect(await auditFor(transfer.id)).toEqual([
      {
        action: 'topUp.confirmed',
        entity: 'topUp',
        agencyId: agency.id,
        actor: operatorId,
        changes: [{ field: 'status', from: 'pending', to: 'credited' }],
      },
    ]);
  });

  it('rejecting a transfer writes one topUp.rejected row; a missing reason writes nothing', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const transfer = await declareTransfer(token);
    const blank = await call('POST', `/admin/topups/${transfer.id}/reject`, { reason: '  ' });
    expect([blank.statusCode, blank.json()[0]?.fieldName]).toEqual([422, 'reason']);
    expect(await auditFor(transfer.id)).toEqual([]);
    const reason = 'No such transfer on our account';
    expect((await call('POST', `/admin/topups/${transfer.id}/reject`, { reason })).statusCode).toBe(200);
    expect((await call('POST', `/admin/topups/${transfer.id}/reject`, { reason })).statusCode).toBe(422);
    expect((await call('POST', `/admin/topups/${transfer.id}/confirm`)).statusCode).toBe(422);
    expect(await auditFor(transfer.id)).toEqual([
      {
        action: 'topUp.rejected',
        entity: 'topUp',
        agencyId: agency.id,
        actor: operatorId,
        changes: [
          { field: 'status', from: 'pending', to: 'rejected' },
          { field: 'rejectReason', from: null, to: reason },
        ],
      },
    ]);
    const [row] = await t.database.db.select().from(topUps).where(eq(topUps.id, transfer.id));
    expect(row?.status).toBe('rejected');
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id));
    expect(entries).toEqual([]);
  });
});

describe('GET /admin/requests: the inbox', () => {
  it('lists the open requests first, filters by agency and status, and carries the quote and the note', async () => {
    const other = await createBookingWorld(t.app, t.database.db);
    const declined = await newRequest(other.tokens.admin);
    await call('POST', `/admin/requests/${declined.id}/decline`, { reason: 'Sold out' });
    const quoted = await newRequest(other.tokens.admin);
    await call('POST', `/admin/requests/${quoted.id}/quote`, {
      netTotal: 99.5,
      validHours: 12,
      note: 'Dinner included',
    });
    const open = await newRequest(other.tokens.admin);

    const res = await call('GET', `/admin/requests?agencyId=${other.agency.id}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string; status: string; agencyId: string; notes: string; quote: unknown }[];
    expect(rows.map((r) => r.id)).toEqual([open.id, quoted.id, declined.id]);
    expect(rows.every((r) => r.agencyId === other.agency.id)).toBe(true);
    expect(rows[0]).toMatchObject({ status: 'request', notes: 'Two vegetarian meals please', quote: null });
    expect(rows[1]).toMatchObject({ status: 'payment_required', quote: { netTotal: 99.5, note: 'Dinner included' } });
    expect(rows[2]).toMatchObject({ status: 'cancelled', declineReason: 'Sold out' });

    const onlyQuoted = await call('GET', `/admin/requests?agencyId=${other.agency.id}&status=payment_required`);
    expect(onlyQuoted.json().map((r: { id: string }) => r.id)).toEqual([quoted.id]);
    const russian = await call('GET', `/admin/requests?agencyId=${other.agency.id}&language=ru`);
    expect(russian.statusCode).toBe(200);

    const bad = await call('GET', '/admin/requests?agencyId=nope');
    expect([bad.statusCode, bad.json()]).toEqual([422, [{ fieldName: 'agencyId', errorMessage: 'Unknown agency' }]]);
    await retireTour(t.database.db, other.tour.id);
  });
});
