import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { addDays, bookingRoutes, commissionRoutes } from '@portal/contract';
import type { CommissionListResponse } from '@portal/contract';
import { bookings, payments } from '../../db/schema/index.ts';
import { bearer, createAgency, loginAs } from '../../../test/factories.ts';
import { SANDBOX_CARD, payOnSandboxPage } from '../../../test/sandbox-pay.ts';
import { bookingBody, fund, guest, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

type Booked = { id: string; reference: string };
// agency A: a junior's, a senior's (promo code) and an admin's booking (moved to an earlier travel month), plus
// bookings that earn nothing: cancelled, a quotation request, an unpaid card hold
let byJunior: Booked;
let bySenior: Booked;
let byAdmin: Booked;
let cancelled: Booked;
let request: Booked;
let unpaidCard: Booked;
let theirs: Booked;
let month: string;
let earlierMonth: string;

async function book(token: string, overrides: Record<string, unknown> = {}, url?: string): Promise<Booked> {
  const res = await postBooking(t.app, token, bookingBody(w, overrides), { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking;
}

function commissions(token: string, body: Record<string, unknown> = {}, query = '') {
  // the query is typed by hand: the tests send a language the route refuses
  return t.app.inject({
    method: commissionRoutes.list.method,
    url: `${routeUrl(commissionRoutes.list)}${query}`,
    headers: bearer(token),
    payload: body,
  });
}

async function listOf(token: string, body: Record<string, unknown> = {}): Promise<CommissionListResponse> {
  const res = await commissions(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  // 2 adults + 1 child: 2 × 144 + 110 = 398 net, 2 × 169 + 129 = 467 published → 69
  byJunior = await book(w.tokens.junior);
  // 2 adults with 10 % off the net: 288 − 28.80 = 259.20 net, 338 published → 78.80
  bySenior = await book(w.tokens.senior, { children: 0, promoCode: 'WELCOME10' });
  // 2 adults: 288 net, 338 published → 50, travelling 40 days earlier (another month)
  byAdmin = await book(w.tokens.admin, { children: 0 });
  month = w.date.slice(0, 7);
  earlierMonth = addDays(w.date, -40).slice(0, 7);
  await t.database.db
    .update(bookings)
    .set({ date: addDays(w.date, -40) })
    .where(eq(bookings.id, byAdmin.id));

  cancelled = await book(w.tokens.admin);
  const cancel = await injectRoute(t.app, bookingRoutes.cancel, {
    params: { id: cancelled.id },
    token: w.tokens.admin,
  });
  expect(cancel.json().status).toBe('cancelled');
  request = await book(w.tokens.admin, {
    offerId: w.tour.sameTicketOfferId,
    time: null,
    guest: guest(w, { hotelId: null }),
  });
  unpaidCard = await book(w.tokens.admin, {}, routeUrl(bookingRoutes.createWithPaymentIntent));

  const other = await createAgency(t.database.db);
  await fund(t.database.db, other.id, 500_000);
  theirs = await book(await loginAs(t.app, other.users.admin.email));
});

// an agent's booking: no widget margin beside its commission
const row = (booking: Booked, values: Record<string, unknown>) => ({
  id: booking.id,
  reference: booking.reference,
  channel: 'agent',
  marginStatus: null,
  ...values,
});

describe('POST /api/b2b/bookings/commissions', () => {
  it("lists an admin the agency's completed bookings with published, net and commission, totals per travel month and overall", async () => {
    const list = await listOf(w.tokens.admin);
    expect(list.items).toEqual([
      row(byAdmin, {
        travelDate: addDays(w.date, -40),
        time: '18:00',
        createdAt: expect.any(String),
        tour: expect.stringMatching(/^Test safari /),
        offer: 'Shared 4x4',
        guestName: 'Maria Lopez',
        adults: 2,
        children: 0,
        infants: 0,
        agent: 'Test admin',
        currencyCode: 'aed',
        published: 338,
        net: 288,
        commission: 50,
      }),
      expect.objectContaining(
        row(bySenior, { travelDate: w.date, agent: 'Test senior', published: 338, net: 259.2, commission: 78.8 }),
      ),
      expect.objectContaining(
        row(byJunior, {
          travelDate: w.date,
          adults: 2,
          children: 1,
          agent: 'Test junior',
          published: 467,
          net: 398,
          commission: 69,
        }),
      ),
    ]);
    expect(list).toMatchObject({ total: 3, page: 1, onPage: 20 });
    const money = { currencyCode: 'aed' };
    expect(list.months).toEqual(
      [
        { ...money, month, bookings: 2, published: 805, net: 657.2, commission: 147.8 },
        { ...money, month: earlierMonth, bookings: 1, published: 338, net: 288, commission: 50 },
      ].sort((a, b) => b.month.localeCompare(a.month)),
    );
    expect(list.totals).toEqual([{ ...money, bookings: 3, published: 1143, net: 945.2, commission: 197.8 }]);
    // nothing cancelled, requested, unpaid or another agency's
    const ids = list.items.map((item) => item.id);
    for (const none of [cancelled, request, unpaidCard, theirs]) expect(ids).not.toContain(none.id);
  });

  it('shows a junior their own bookings only; a senior sees the agency', async () => {
    const junior = await listOf(w.tokens.junior);
    expect(junior.items.map((item) => item.reference)).toEqual([byJunior.reference]);
    expect(junior.months).toEqual([
      { month, currencyCode: 'aed', bookings: 1, published: 467, net: 398, commission: 69 },
    ]);
    expect(junior.totals).toEqual([{ currencyCode: 'aed', bookings: 1, published: 467, net: 398, commission: 69 }]);
    // a junior naming another agent still sees only their own (none of the senior's)
    const asked = await listOf(w.tokens.junior, { agentId: w.agency.users.senior.id });
    expect([asked.total, asked.totals]).toEqual([0, []]);
    const senior = await listOf(w.tokens.senior);
    expect(senior.items.map((item) => item.reference).sort()).toEqual(
      [byJunior.reference, bySenior.reference, byAdmin.reference].sort(),
    );
    expect(senior.totals).toEqual([
      { currencyCode: 'aed', bookings: 3, published: 1143, net: 945.2, commission: 197.8 },
    ]);
  });

  it("never shows another agency's bookings, whatever the filters name", async () => {
    const otherAdmin = await createAgency(t.database.db);
    const token = await loginAs(t.app, otherAdmin.users.admin.email);
    const list = await listOf(token, { search: byJunior.reference, agentId: w.agency.users.junior.id });
    expect(list).toMatchObject({ items: [], total: 0, months: [], totals: [] });
    const everything = await listOf(token);
    expect(everything.total).toBe(0);
    const mine = await listOf(w.tokens.admin, { search: theirs.reference });
    expect(mine).toMatchObject({ items: [], total: 0, totals: [] });
  });

  it('filters like the bookings list and pages the rows while the totals cover every page', async () => {
    const earlier = await listOf(w.tokens.admin, { dateFrom: addDays(w.date, -45), dateTo: addDays(w.date, -35) });
    expect(earlier.items.map((item) => item.reference)).toEqual([byAdmin.reference]);
    expect(earlier.totals).toEqual([{ currencyCode: 'aed', bookings: 1, published: 338, net: 288, commission: 50 }]);
    const byAgent = await listOf(w.tokens.admin, { agentId: w.agency.users.senior.id });
    expect(byAgent.items.map((item) => item.reference)).toEqual([bySenior.reference]);
    const searched = await listOf(w.tokens.admin, { search: byJunior.reference.toLowerCase() });
    expect(searched.items.map((item) => item.reference)).toEqual([byJunior.reference]);
    // a status other than completed finds nothing: cancelled bookings earn no commission
    expect((await listOf(w.tokens.admin, { status: 'cancelled' })).total).toBe(0);

    const second = await listOf(w.tokens.admin, { page: 2, onPage: 2 });
    expect(second.items.map((item) => item.reference)).toEqual([byJunior.reference]);
    expect(second).toMatchObject({ total: 3, page: 2, onPage: 2 });
    expect(second.totals).toEqual([
      { currencyCode: 'aed', bookings: 3, published: 1143, net: 945.2, commission: 197.8 },
    ]);
    expect(second.months).toHaveLength(2);

    const russian = await commissions(w.tokens.admin, { search: byJunior.reference }, '?language=ru');
    expect(russian.json().items[0]).toMatchObject({ tour: expect.stringMatching(/^Тестовое сафари /) });
  });

  it('answers bad filters with 422 naming the field, and an anonymous caller with 401', async () => {
    const reversed = await commissions(w.tokens.admin, { dateFrom: '2026-05-02', dateTo: '2026-05-01' });
    expect([reversed.statusCode, reversed.json()]).toEqual([
      422,
      [{ fieldName: 'dateFrom', errorMessage: 'The start date must not be after the end date' }],
    ]);
    const tooMany = await commissions(w.tokens.admin, { onPage: 500 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().map((item: { fieldName: string }) => item.fieldName)).toEqual(['onPage']);
    const badAgent = await commissions(w.tokens.admin, { agentId: 'not-a-uuid' });
    expect([badAgent.statusCode, badAgent.json()[0]?.fieldName]).toEqual([422, 'agentId']);
    const badLanguage = await commissions(w.tokens.admin, {}, '?language=de');
    expect([badLanguage.statusCode, badLanguage.json()]).toEqual([
      422,
      [{ fieldName: 'language', errorMessage: 'Language must be en or ru' }],
    ]);
    const anonymous = await injectRoute(t.app, commissionRoutes.list, { body: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it("leaves the Russian site's card surcharge out of the net: published and net compare the tour's price", async () => {
    const volga = await createAgency(t.database.db, { siteId: 'ru', currency: 'usd' });
    const token = await loginAs(t.app, volga.users.admin.email);
    const card = await postBooking(t.app, token, bookingBody(w, { children: 0 }), {
      url: routeUrl(bookingRoutes.createWithPaymentIntent),
    });
    const booking = card.json().booking;
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    await payOnSandboxPage(t.app, payment?.providerRef ?? '', SANDBOX_CARD.ok);
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    // 2 × 144 AED → 78.90 USD net, +2 % card surcharge 1.58 = 80.48 paid; 2 × 169 AED → 92.60 USD published
    expect(stored).toMatchObject({
      status: 'completed',
      netTotalMinor: 8_048,
      cardSurchargeMinor: 158,
      publishedTotalMinor: 9_260,
    });
    const list = await listOf(token);
    expect(list.items).toEqual([
      expect.objectContaining({ reference: booking.reference, currencyCode: 'usd', published: 92.6, net: 78.9 }),
    ]);
    expect(list.items[0]?.commission).toBe(13.7);
    expect(list.totals).toEqual([{ currencyCode: 'usd', bookings: 1, published: 92.6, net: 78.9, commission: 13.7 }]);
  });
});

describe('POST /api/b2b/bookings/commissions/download', () => {
  async function download(token: string, body: Record<string, unknown> = {}, query = '') {
    const res = await t.app.inject({
      method: commissionRoutes.download.method,
      url: `${routeUrl(commissionRoutes.download)}${query}`,
      headers: bearer(token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: { values: unknown[]; formats: string[] }[] = [];
    sheet.eachRow({ includeEmpty: true }, (r) => {
      const values: unknown[] = [];
      const formats: string[] = [];
      for (let column = 1; column <= 13; column++) {
        values.push(r.getCell(column).value ?? null);
        formats.push(r.getCell(column).numFmt ?? '');
      }
      rows.push({ values, formats });
    });
    return { res, sheet, rows };
  }

  it('exports the rows, the totals per travel month and the grand total, as figures in the currency', async () => {
    // a guest name imported from elsewhere (the API itself only accepts letters and spaces)
    await t.database.db.update(bookings).set({ guestName: '=HYPERLINK("x")' }).where(eq(bookings.id, bySenior.id));
    try {
      const { res, rows } = await download(w.tokens.admin);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="commissions-\d{4}-\d{2}-\d{2}\.xlsx"$/,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const [header, ...rest] = rows;
      expect(header?.values).toEqual([
        'Reference',
        'Travel date',
        'Tour time',
        'Creation date',
        'Tour / option',
        'Guest name',
        'Adults',
        'Children',
        'Infants',
        'Agent',
        'Published rate',
        'NET rate',
        'Commission',
      ]);
      const picked = rest.map((r) => [r.values[0], r.values[5], r.values[6], r.values[10], r.values[11], r.values[12]]);
      const utc = (date: string) => new Date(`${date}T00:00:00.000Z`);
      expect(picked).toEqual([
        [byAdmin.reference, 'Maria Lopez', 2, 338, 288, 50],
        [bySenior.reference, '=HYPERLINK("x")', 2, 338, 259.2, 78.8],
        [byJunior.reference, 'Maria Lopez', 2, 467, 398, 69],
        [null, null, null, null, null, null],
        ['Travel month', null, 'Bookings', 'Published rate', 'NET rate', 'Commission'],
        ...[
          [utc(`${month}-01`), null, 2, 805, 657.2, 147.8],
          [utc(`${earlierMonth}-01`), null, 1, 338, 288, 50],
        ].sort((a, b) => (b[0] as Date).getTime() - (a[0] as Date).getTime()),
        ['Grand total', null, 3, 1143, 945.2, 197.8],
      ]);
      // money in the booking's currency, text cells typed as text (nothing runs as a formula), dates as dates
      const first = rest[0];
      expect(first?.formats.slice(10)).toEqual(Array(3).fill('#,##0.00 "AED";-#,##0.00 "AED"'));
      expect(first?.values[1]).toEqual(utc(addDays(w.date, -40)));
      expect(first?.values[4]).toMatch(/^Test safari .+ — Shared 4x4$/);
      expect(rest[1]?.formats[5]).toBe('@');
      expect(rest[1]?.formats[0]).toBe('@');
      expect(rest.at(-1)?.formats[12]).toBe('#,##0.00 "AED";-#,##0.00 "AED"');
      const cells = rest.flatMap((r) => r.values);
      expect(cells.some((c) => typeof c === 'object' && c !== null && 'formula' in c)).toBe(false);
    } finally {
      await t.database.db.update(bookings).set({ guestName: 'Maria Lopez' }).where(eq(bookings.id, bySenior.id));
    }
  });

  it("exports a junior's own bookings only, in Russian when asked, and an empty selection with a note", async () => {
    const { rows } = await download(w.tokens.junior, {}, '?language=ru');
    expect(rows[0]?.values[0]).toBe('Номер брони');
    const references = rows.map((r) => r.values[0]).filter((v) => typeof v === 'string' && v.includes('-'));
    expect(references).toEqual([byJunior.reference]);
    const grand = rows.at(-1)?.values ?? [];
    expect([grand[0], grand[6], grand[10], grand[11], grand[12]]).toEqual(['Итого', 1, 467, 398, 69]);
    const empty = await download(w.tokens.admin, { search: 'nothing-like-this' });
    expect(empty.rows.map((r) => r.values[0])).toEqual([
      'Reference',
      null,
      'Travel month',
      'No completed bookings match these filters.',
    ]);
  });

  it('answers a reversed range with 422 before any file starts', async () => {
    const res = await injectRoute(t.app, commissionRoutes.download, {
      body: { createdFrom: '2026-05-02', createdTo: '2026-05-01' },
      token: w.tokens.admin,
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'createdFrom', errorMessage: 'The start date must not be after the end date' }],
    ]);
  });
});
