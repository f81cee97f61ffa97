import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES,
  COMPANY_MESSAGES,
  MONEY_MESSAGES,
  balanceRoutes,
  bookingRoutes,
  minorToMajor,
  systemRoutes,
  type RouteDescriptor,
} from '@portal/contract';
import { agencies, agencyBalances, files, ledgerEntries, payments, topUps } from '../../db/schema/index.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import {
  SAMPLE_EXE,
  SAMPLE_PDF,
  SAMPLE_PNG,
  bearer,
  createAgency,
  createOperator,
  loginAs,
  multipart,
  type TestAgency,
} from '../../../test/factories.ts';
import { readBalance, sumLedger } from '../ledger/ledger.repo.ts';
import { bookingBody, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { injectRoute, routeUrl, type InjectRouteOptions } from '../../../test/inject-route.ts';

let operatorToken: string;
const { t, w } = bookingSuite({}, { balanceMinor: 0 });
beforeAll(async () => {
  const operator = await createOperator(t.database.db);
  operatorToken = await loginAs(t.app, operator.email);
});

const CARD = SANDBOX_CARD;
let keys = 0;
const key = () => `top-up-test-${Date.now()}-${keys++}`;

// sent as a payload: the bad-input cases send amounts the schema refuses
function topUp(token: string, payload: Record<string, unknown>, idempotencyKey = key()) {
  return injectRoute(t.app, balanceRoutes.topUp, { payload, token, idempotencyKey });
}

// the tours company's calls on transfers: the pending list, confirm, reject
function asOperator<R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) {
  return injectRoute(t.app, route, { token: operatorToken, ...options });
}

async function balanceOf(agencyId: string, currency: 'aed' | 'usd' = 'aed') {
  return (await readBalance(t.database.db, agencyId, currency)).balanceMinor;
}

async function countRows(agencyId: string) {
  const [ups] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(topUps)
    .where(eq(topUps.agencyId, agencyId));
  const [entries] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.agencyId, agencyId));
  return { topUps: ups?.n ?? 0, entries: entries?.n ?? 0 };
}

describe('top-up by card', () => {
  it('quotes the fee as the agent types: 1,000 AED + 3 % = 1,030, with the site limits', async () => {
    const res = await injectRoute(t.app, balanceRoutes.topUpFee, {
      query: { amount: 1000, type: 'card', currency: 'aed' },
      token: w.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currencyCode: 'aed',
      amount: 1000,
      fee: 30,
      total: 1030,
      feePercent: 3,
      minimum: 100,
      maximum: 100_000,
    });
    const bank = await injectRoute(t.app, balanceRoutes.topUpFee, {
      query: { amount: 1000, type: 'bank_transfer', currency: 'aed' },
      token: w.tokens.admin,
    });
    expect(bank.json()).toMatchObject({ fee: 0, total: 1000, feePercent: 0 });
  });

  it('credits exactly the amount once, by the confirmed payment; the fee is charged apart and never credited', async () => {
    const before = await balanceOf(w.agency.id);
    const idempotencyKey = key();
    const res = await topUp(w.tokens.admin, { method: 'card', amount: 1000, currencyCode: 'aed' }, idempotencyKey);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ method: 'card', status: 'pending', amount: 1000, fee: 30, total: 1030 });
    expect(view.payment.redirectUrl).toContain('/api/payments/sandbox/pay/');
    // the browser's return alone credits nothing
    const early = await injectRoute(t.app, balanceRoutes.topUpDetail, {
      params: { id: view.id },
      token: w.tokens.admin,
    });
    expect(early.json().status).toBe('pending');
    expect(await balanceOf(w.agency.id)).toBe(before);

    const [payment] = await t.database.db.select().from(payments).where(eq(payments.topUpId, view.id));
    expect(payment).toMatchObject({ amountMinor: 103_000, bookingId: null });
    await payOnSandboxPage(t.app, payment?.providerRef ?? '', CARD.ok);
    const done = await injectRoute(t.app, balanceRoutes.topUpDetail, {
      params: { id: view.id },
      token: w.tokens.admin,
    });
    expect(done.json()).toMatchObject({ status: 'credited', amount: 1000, fee: 30, payment: null });
    expect(await balanceOf(w.agency.id)).toBe(before + 100_000);
    expect(await sumLedger(t.database.db, w.agency.id, 'aed')).toBe(before + 100_000);

    // a retry of the same call answers with the same top-up and charges nothing more
    const replay = await topUp(w.tokens.admin, { method: 'card', amount: 1000, currencyCode: 'aed' }, idempotencyKey);
    // (the stored answer: DESIGN "Idempotency")
    expect(replay.json()).toMatchObject({ id: view.id, reference: view.reference });
    expect(await t.database.db.select().from(payments).where(eq(payments.topUpId, view.id))).toHaveLength(1);
    // a duplicate webhook of the same payment credits nothing more
    await t.app.bookings.sweepExpiredHolds();
    expect(await balanceOf(w.agency.id)).toBe(before + 100_000);

    // the statement lists it with the running balance
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const statement = await injectRoute(t.app, balanceRoutes.statement, {
      query: { from: today, to: today },
      token: w.tokens.admin,
    });
    expect(statement.statusCode).toBe(200);
    const entry = statement.json().entries.find((e: { reference: string }) => e.reference === view.reference);
    expect(entry).toMatchObject({
      kind: 'deposit',
      credit: 1000,
      debit: 0,
      balanceAfter: minorToMajor(before + 100_000),
    });
  });

  it('credits nothing for a declined card, and the top-up says why', async () => {
    const before = await balanceOf(w.agency.id);
    const res = await topUp(w.tokens.admin, { method: 'card', amount: 500, currencyCode: 'aed' });
    const view = res.json();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.topUpId, view.id));
    await payOnSandboxPage(t.app, payment?.providerRef ?? '', CARD.declined);
    const after = await injectRoute(t.app, balanceRoutes.topUpDetail, {
      params: { id: view.id },
      token: w.tokens.admin,
    });
    expect(after.json()).toMatchObject({ status: 'failed', rejectReason: 'Your card was declined.' });
    expect(await balanceOf(w.agency.id)).toBe(before);
  });

  it('closes a card top-up left open past its time, and a payment arriving later is still credited once', async () => {
    const res = await topUp(w.tokens.admin, { method: 'card', amount: 200, currencyCode: 'aed' });
    const view = res.json();
    await t.database.db
      .update(topUps)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(topUps.id, view.id));
    expect(await t.app.balance.closeStaleCardTopUps()).toBeGreaterThanOrEqual(1);
    const closed = await injectRoute(t.app, balanceRoutes.topUpDetail, {
      params: { id: view.id },
      token: w.tokens.admin,
    });
    expect(closed.json()).toMatchObject({ status: 'cancelled', rejectReason: BOOKING_MESSAGES.paymentCancelled });
  });

  it('a card top-up whose charge never reached the provider reads as failed, not as waiting', async () => {
    const stub = t.app.payments.startCharge;
    t.app.payments.startCharge = async () => {
      throw new Error('the process died here');
    };
    const res = await topUp(w.tokens.admin, { method: 'card', amount: 150, currencyCode: 'aed' }).finally(() => {
      t.app.payments.startCharge = stub;
    });
    expect(res.statusCode).toBe(500);
    const [row] = await t.database.db
      .select()
      .from(topUps)
      .where(and(eq(topUps.agencyId, w.agency.id), eq(topUps.amountMinor, 15_000)));
    if (!row) throw new Error('the top-up was not written');
    const read = () => injectRoute(t.app, balanceRoutes.topUpDetail, { params: { id: row.id }, token: w.tokens.admin });
    expect((await read()).json().status).toBe('pending');
    await t.database.db
      .update(topUps)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(topUps.id, row.id));
    expect((await read()).json()).toMatchObject({ status: 'failed', rejectReason: BOOKING_MESSAGES.paymentFailed });
  });

  it('refuses a card top-up when card payments are disabled for the agency, writing nothing', async () => {
    const blocked = await createAgency(t.database.db);
    await t.database.db.update(agencies).set({ isCreditCardTopupAllowed: 0 }).where(eq(agencies.id, blocked.id));
    const token = await loginAs(t.app, blocked.users.admin.email);
    const res = await topUp(token, { method: 'card', amount: 1000, currencyCode: 'aed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'method', errorMessage: BOOKING_MESSAGES.creditCardDisabled }]);
    expect(await countRows(blocked.id)).toEqual({ topUps: 0, entries: 0 });
  });
});

describe('bad top-up input: a 422 on the right field, nothing written', () => {
  let fresh: TestAgency;
  let token: string;
  beforeAll(async () => {
    fresh = await createAgency(t.database.db);
    token = await loginAs(t.app, fresh.users.admin.email);
  });

  it.each([
    ['zero', { amount: 0 }, 'amount', MONEY_MESSAGES.amountCents],
    ['negative', { amount: -100 }, 'amount', MONEY_MESSAGES.amountCents],
    ['fractional cents', { amount: 100.005 }, 'amount', MONEY_MESSAGES.amountCents],
    ['below the minimum', { amount: 99.99 }, 'amount', MONEY_MESSAGES.amountBelowMinimum],
    ['above the maximum', { amount: 100_000.01 }, 'amount', MONEY_MESSAGES.amountAboveMaximum],
    ['a text amount', { amount: 'lots' }, 'amount', MONEY_MESSAGES.amountRequired],
    ['a number as text', { amount: '1000' }, 'amount', MONEY_MESSAGES.amountRequired],
    ['an array', { amount: [250] }, 'amount', MONEY_MESSAGES.amountRequired],
    ['a boolean', { amount: true }, 'amount', MONEY_MESSAGES.amountRequired],
    ['the wrong currency', { currencyCode: 'usd' }, 'currencyCode', MONEY_MESSAGES.wrongCurrency],
    ['an unknown currency', { currencyCode: 'eur' }, 'currencyCode', MONEY_MESSAGES.wrongCurrency],
  ])('%s', async (_what, change, field, message) => {
    const res = await topUp(token, { method: 'card', amount: 1000, currencyCode: 'aed', ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toContainEqual({ fieldName: field, errorMessage: message });
    expect(await countRows(fresh.id)).toEqual({ topUps: 0, entries: 0 });
  });

  it('the fee quote refuses the same amounts on its own field names', async () => {
    const res = await injectRoute(t.app, balanceRoutes.topUpFee, {
      query: { amount: 50, type: 'card', currency: 'aed' },
      token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ fieldName: 'amount', errorMessage: MONEY_MESSAGES.amountBelowMinimum }]);
  });

  it('a bank transfer needs its date (not in the future) and the bank reference', async () => {
    const missing = await topUp(token, { method: 'bank_transfer', amount: 1000, currencyCode: 'aed' });
    expect(missing.statusCode).toBe(422);
    const fields = missing.json().map((e: { fieldName: string }) => e.fieldName);
    expect(fields).toEqual(expect.arrayContaining(['transferDate', 'bankReference']));
    const future = await topUp(token, {
      method: 'bank_transfer',
      amount: 1000,
      currencyCode: 'aed',
      transferDate: '2999-01-01',
      bankReference: 'FT123',
    });
    expect(future.json()).toEqual([{ fieldName: 'transferDate', errorMessage: MONEY_MESSAGES.transferDateFuture }]);
    const unreal = await topUp(token, {
      method: 'bank_transfer',
      amount: 1000,
      currencyCode: 'aed',
      transferDate: '2026-02-30',
      bankReference: 'FT123',
    });
    expect(unreal.json()).toEqual([{ fieldName: 'transferDate', errorMessage: 'Use the format yyyy-MM-dd' }]);
    expect(await countRows(fresh.id)).toEqual({ topUps: 0, entries: 0 });
  });
});

describe('top-up by bank transfer', () => {
  it('stays pending until an operator confirms it, then credits once; a second confirmation changes nothing', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const res = await topUp(token, {
      method: 'bank_transfer',
      amount: 2500.5,
      currencyCode: 'aed',
      transferDate: '2026-01-05',
      bankReference: 'FT26005XYZ',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      status: 'pending',
      amount: 2500.5,
      fee: 0,
      bankReference: 'FT26005XYZ',
      payment: null,
    });
    expect(await balanceOf(agency.id)).toBe(0);

    const list = await asOperator(balanceRoutes.adminTopUps, { query: { status: 'pending' } });
    expect(list.json().map((u: { id: string }) => u.id)).toContain(view.id);
    // the agency cannot confirm its own transfer
    const self = await injectRoute(t.app, balanceRoutes.adminConfirmTopUp, { params: { id: view.id }, token });
    expect(self.statusCode).toBe(403);

    const confirmations = await Promise.all(
      [1, 2].map(() => asOperator(balanceRoutes.adminConfirmTopUp, { params: { id: view.id } })),
    );
    expect(confirmations.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await balanceOf(agency.id)).toBe(250_050);
    expect(await countRows(agency.id)).toEqual({ topUps: 1, entries: 1 });
    const again = await asOperator(balanceRoutes.adminRejectTopUp, {
      params: { id: view.id },
      body: { reason: 'too late' },
    });
    expect(again.json()).toEqual([{ fieldName: 'id', errorMessage: MONEY_MESSAGES.notPending }]);
  });

  it('a rejected transfer credits nothing and shows the reason', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const view = (
      await topUp(token, {
        method: 'bank_transfer',
        amount: 300,
        currencyCode: 'aed',
        transferDate: '2026-01-05',
        bankReference: 'FT1',
      })
    ).json();
    const empty = await asOperator(balanceRoutes.adminRejectTopUp, { params: { id: view.id }, body: { reason: '  ' } });
    expect(empty.json()).toEqual([{ fieldName: 'reason', errorMessage: MONEY_MESSAGES.rejectReasonRequired }]);
    const rejected = await asOperator(balanceRoutes.adminRejectTopUp, {
      params: { id: view.id },
      body: { reason: 'No such transfer reached our account' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer reached our account' });
    expect(await balanceOf(agency.id)).toBe(0);
  });
});

describe('proof of a bank transfer', () => {
  const declare = async (token: string) =>
    (
      await topUp(token, {
        method: 'bank_transfer',
        amount: 750,
        currencyCode: 'aed',
        transferDate: '2026-01-05',
        bankReference: 'FT-PROOF-1',
      })
    ).json() as { id: string; proofFileId: string | null };
  const attach = (
    token: string,
    id: string,
    part = { filename: 'slip.pdf', contentType: 'application/pdf', data: SAMPLE_PDF },
  ) => {
    const form = multipart([{ name: 'file', ...part }]);
    return injectRoute(t.app, balanceRoutes.topUpProof, {
      params: { id },
      payload: form.payload,
      token,
      headers: form.headers,
    });
  };
  const proofCount = async (agencyId: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(and(eq(files.agencyId, agencyId), eq(files.kind, 'transferProof')))
    )[0]?.n;

  it('goes with a waiting transfer: the agency and the operator download it, another agency gets 404', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const view = await declare(token);
    expect(view.proofFileId).toBeNull();
    const res = await attach(token, view.id);
    expect(res.statusCode).toBe(200);
    const proofFileId = res.json().proofFileId as string;
    expect(proofFileId).toEqual(expect.any(String));
    for (const who of [token, operatorToken]) {
      const file = await injectRoute(t.app, systemRoutes.downloadFile, { params: { id: proofFileId }, token: who });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="transfer-proof-${proofFileId.slice(0, 8)}.pdf"`,
      );
    }
    const other = await createAgency(t.database.db);
    const otherToken = await loginAs(t.app, other.users.admin.email);
    expect(
      (await injectRoute(t.app, systemRoutes.downloadFile, { params: { id: proofFileId }, token: otherToken }))
        .statusCode,
    ).toBe(404);
    // nor can another agency attach to it
    expect((await attach(otherToken, view.id)).statusCode).toBe(404);
    // the operator sees it on the transfer, and the history says who attached it
    const pending = await asOperator(balanceRoutes.adminTopUps, { query: { status: 'pending' } });
    expect(pending.json().find((u: { id: string }) => u.id === view.id)).toMatchObject({ proofFileId });
    // a newer slip replaces the one shown; both files are kept
    const again = await attach(token, view.id, { filename: 'slip.png', contentType: 'image/png', data: SAMPLE_PNG });
    expect(again.json().proofFileId).not.toBe(proofFileId);
    expect(await proofCount(agency.id)).toBe(2);
  });

  it('refuses a bad file, a card top-up, a decided transfer and other roles, writing nothing', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const view = await declare(token);
    const exe = await attach(token, view.id, {
      filename: 'slip.pdf',
      contentType: 'application/pdf',
      data: SAMPLE_EXE,
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json()[0]).toMatchObject({ fieldName: 'file' });
    const none = await injectRoute(t.app, balanceRoutes.topUpProof, {
      params: { id: view.id },
      payload: {},
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(none.json()).toEqual([{ fieldName: 'file', errorMessage: COMPANY_MESSAGES.fileRequired }]);
    const junior = await loginAs(t.app, agency.users.junior.email);
    expect((await attach(junior, view.id)).statusCode).toBe(403);
    const unknown = await attach(token, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.body]).toEqual([404, MONEY_MESSAGES.unknownTopUp]);
    const card = (await topUp(token, { method: 'card', amount: 500, currencyCode: 'aed' })).json();
    expect((await attach(token, card.id)).json()).toEqual([
      { fieldName: 'id', errorMessage: MONEY_MESSAGES.proofNotAllowed },
    ]);
    await asOperator(balanceRoutes.adminConfirmTopUp, { params: { id: view.id } });
    expect((await attach(token, view.id)).json()).toEqual([
      { fieldName: 'id', errorMessage: MONEY_MESSAGES.proofNotAllowed },
    ]);
    expect(await proofCount(agency.id)).toBe(0);
    const [row] = await t.database.db.select().from(topUps).where(eq(topUps.id, view.id));
    expect(row?.proofFileId).toBeNull();
  });
});

describe('balance page reads', () => {
  it('summary, statement and totals agree with the ledger to the cent; bookings link to their booking', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    const declare = (amount: number) =>
      topUp(token, {
        method: 'bank_transfer',
        amount,
        currencyCode: 'aed',
        transferDate: '2026-01-05',
        bankReference: 'FT9',
      });
    for (const amount of [1000, 234.56]) {
      const id = (await declare(amount)).json().id;
      await asOperator(balanceRoutes.adminConfirmTopUp, { params: { id } });
    }
    const booked = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }));
    expect(booked.statusCode, booked.body).toBe(200);
    const year = Number(new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 4));
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);

    const summary = (await injectRoute(t.app, balanceRoutes.summary, { query: { year }, token })).json();
    const balance = await balanceOf(agency.id);
    expect(balance).toBe(123_456 - 28_800);
    const month = summary.rows.at(-1);
    expect(month).toMatchObject({ credit: 1234.56, debit: 288, runningBalance: minorToMajor(balance) });

    const statement = (
      await injectRoute(t.app, balanceRoutes.statement, {
        query: { from: `${year}-01-01`, to: today, onPage: 2 },
        token,
      })
    ).json();
    expect(statement).toMatchObject({
      openingBalance: 0,
      closingBalance: minorToMajor(balance),
      totalCredit: 1234.56,
      totalDebit: 288,
      total: 3,
    });
    expect(statement.entries).toHaveLength(2);
    const page2 = (
      await injectRoute(t.app, balanceRoutes.statement, {
        query: { from: `${year}-01-01`, to: today, onPage: 2, page: 2 },
        token,
      })
    ).json();
    expect(page2.entries[0]).toMatchObject({ kind: 'booking', debit: 288, bookingId: booked.json().booking.id });
    expect(page2.entries[0].balanceAfter).toBe(minorToMajor(balance));

    const xlsx = await injectRoute(t.app, balanceRoutes.statementXlsx, {
      query: { from: `${year}-01-01`, to: today },
      token,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="statement-${year}-01-01-${today}.xlsx"`);
    expect(xlsx.headers['cache-control']).toBe('private, no-store');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values =
      book.worksheets[0]
        ?.getSheetValues()
        .flat()
        .filter((v) => typeof v === 'number') ?? [];
    // the totals and the closing balance are the statement's figures
    expect(values).toEqual(expect.arrayContaining([1234.56, 288, minorToMajor(balance)]));

    const deposit = (await injectRoute(t.app, balanceRoutes.depositDetails, { token })).json();
    expect(deposit).toMatchObject({ currencyCode: 'aed', swift: 'EBILAEAD' });
    expect(deposit.reference).toMatch(/^GF-[0-9A-F]{8}$/);
  });

  it('refuses a period longer than a year or upside down', async () => {
    for (const query of [
      { from: '2026-01-01', to: '2027-06-01' },
      { from: '2026-05-01', to: '2026-04-01' },
    ]) {
      const res = await injectRoute(t.app, balanceRoutes.statement, { query, token: w.tokens.admin });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ fieldName: 'to', errorMessage: MONEY_MESSAGES.statementRange }]);
    }
  });

  it('is for admins: seniors and juniors get 403 from every balance-page call', async () => {
    for (const url of [
      routeUrl(bookingRoutes.balance),
      routeUrl(balanceRoutes.summary),
      routeUrl(balanceRoutes.statement, { query: { from: '2026-01-01', to: '2026-01-31' } }),
      routeUrl(balanceRoutes.depositDetails),
      routeUrl(balanceRoutes.topUps),
      routeUrl(balanceRoutes.topUpFee, { query: { amount: 1000, currency: 'aed' } }),
    ]) {
      for (const token of [w.tokens.junior, w.tokens.senior]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(403);
      }
    }
  });

  it('shows the Russian site USD figures', async () => {
    const volga = await createAgency(t.database.db, { siteId: 'ru', currency: 'usd' });
    const token = await loginAs(t.app, volga.users.admin.email);
    const fee = await injectRoute(t.app, balanceRoutes.topUpFee, { query: { amount: 100, currency: 'usd' }, token });
    expect(fee.json()).toMatchObject({ currencyCode: 'usd', fee: 3, total: 103, minimum: 30, maximum: 27_000 });
    const wrong = await topUp(token, { method: 'card', amount: 100, currencyCode: 'aed' });
    expect(wrong.json()).toEqual([{ fieldName: 'currencyCode', errorMessage: MONEY_MESSAGES.wrongCurrency }]);
  });

  // An agency with a 1,000.00 AED credit line (createAgency opens the account at zero), and its balance page
  async function agencyOnCredit() {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    await t.database.db
      .update(agencyBalances)
      .set({ creditLimitMinor: 100_000 })
      .where(eq(agencyBalances.agencyId, agency.id));
    const figures = async () => (await injectRoute(t.app, bookingRoutes.balance, { token })).json();
    return { agency, token, figures };
  }

  // 500.00 AED used on credit 70 days ago, so overdue now (fixture history, dated back)
  async function owedSinceTwoMonths(agencyId: string) {
    await t.database.db
      .update(agencyBalances)
      .set({ balanceMinor: sql`${agencyBalances.balanceMinor} - 50000` })
      .where(eq(agencyBalances.agencyId, agencyId));
    await t.database.db.insert(ledgerEntries).values({
      agencyId,
      currency: 'aed',
      amountMinor: -50_000,
      kind: 'booking',
      description: 'Booking from before',
      reference: `OLD-${agencyId.slice(0, 8)}`,
      balanceAfterMinor: -50_000,
      createdAt: new Date(Date.now() - 70 * 86_400_000),
    });
  }

  it('refuses balance bookings while credit used two months ago is overdue; a top-up clears it', async () => {
    const { agency, token, figures } = await agencyOnCredit();
    await owedSinceTwoMonths(agency.id);
    expect(await figures()).toMatchObject({ balance: -500, creditLimit: 1000, available: 500, overdue: 500 });

    const refused = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ fieldName: 'paymentMethod', errorMessage: MONEY_MESSAGES.overdue }]);
    expect(await countRows(agency.id)).toEqual({ topUps: 0, entries: 1 });

    // paying back 300 leaves 200 overdue; the rest clears it
    for (const amount of [300, 200]) {
      const id = (
        await topUp(token, {
          method: 'bank_transfer',
          amount,
          currencyCode: 'aed',
          transferDate: '2026-01-05',
          bankReference: `FT${amount}`,
        })
      ).json().id;
      await asOperator(balanceRoutes.adminConfirmTopUp, { params: { id } });
      expect((await figures()).overdue).toBe(500 - (amount === 300 ? 300 : 500));
    }
    const booked = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }));
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await figures()).toMatchObject({ balance: -288, overdue: 0 });
  });

  it('keeps a debt overdue when bookings made since are cancelled: their refunds pay none of it', async () => {
    const { agency, token, figures } = await agencyOnCredit();
    // a booking on credit made now, then the debt of two months ago (history written after it, dated back)
    const booked = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0, date: w.refundableDate }));
    expect(booked.statusCode, booked.body).toBe(200);
    await owedSinceTwoMonths(agency.id);
    expect(await figures()).toMatchObject({ balance: -788, overdue: 500 });
    // the new booking cancelled in full: the balance gets its 288.00 back, the old debt is still all overdue
    const cancelled = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: booked.json().booking.id },
      token,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await figures()).toMatchObject({ balance: -500, overdue: 500 });
    const refused = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 }));
    expect(refused.json()).toEqual([{ fieldName: 'paymentMethod', errorMessage: MONEY_MESSAGES.overdue }]);
  });
});
