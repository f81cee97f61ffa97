import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { minorToMajor } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { issueMonthlyInvoice } from '../invoices/index.ts';
import { makePast } from './demo-history-past.ts';
import { moveDemoHistory } from './demo-history-shift.ts';
import { DEMO_SIGNUP_EMAIL, demoHistoryDone } from './demo-history-state.ts';
import { CARD_DECLINED, GENERAL, RU, SEED_IP, historyWorld, type Json } from './demo-history-world.ts';

// The demo agencies' last three months (issue 28 item 10; docs/decisions/0110-lived-in-demo.md). Everything is made
// through the portal's own routes (app.inject: the calls the web app and the shop's customers make), so each
// balance is its ledger and each page shows what the services wrote. The services use the clock; what happened
// "weeks ago" is made now, in the order it happened, and then moved to its day in one transaction
// (demo-history-shift.ts). What happens "today" (a request waiting, a quote to pay, a failed card, a transfer
// waiting, a sign-up waiting) is made after the move and keeps its real time.
//
// The people's sessions are signed as a login signs them (`issueToken`), without checking the demo password.
//
// Crash-safe and idempotent: every step either carries an Idempotency-Key (bookings, top-ups, cancellations: what
// an earlier start made under a key is read back, never made again), or looks first at what exists (card payments,
// confirmations, the widget, its sales by their token, a quote, the sign-up); the move runs once (its own marker);
// the last step, the sign-up, marks the history done (demo-history-state.ts#demoHistoryDone). server.ts runs it on the start that
// created the demo accounts, and again on a start after one that stopped half-way (`demoHistoryUnfinished`).
//
// Its parts: the world the steps act in (demo-history-world.ts: the people, offers and calls), the last three months
// (demo-history-past.ts), the shop and its customers (demo-history-shop.ts), and here the order of it all, the
// closed months' invoices and what waits today.

export async function seedDemoHistory(app: FastifyInstance, db: Db, now: Date = new Date()): Promise<boolean> {
  if (await demoHistoryDone(db)) return false;
  // a hundred calls: the console shows that the history was made, not each request
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await makeHistory(app, db, now);
  } finally {
    app.log.level = level;
  }
  return true;
}

async function makeHistory(app: FastifyInstance, db: Db, now: Date): Promise<void> {
  const w = await historyWorld(app, db, now);
  const { api, book, guest, today } = w;
  const { admin, senior, junior, volga, ops } = w.people;
  const { frameTimed, skyViews, palm } = w.offers;
  const moves = await makePast(w);

  // ---- the move to the past, once ----
  await moveDemoHistory(db, moves);

  // Closed months' tax invoices, issued by the service a first download (or the issuing job) calls; the months are
  // the ones the balance page offers as ready
  for (const [token, host, agency, siteId, currency] of [
    [admin, GENERAL, w.agencyIds.desertRose, 'general', 'aed'],
    [volga, RU, w.agencyIds.volga, 'ru', 'usd'],
  ] as const) {
    const site = app.deps.sites.byId(siteId);
    const year = Number(today.slice(0, 4));
    for (const y of [year - 1, year]) {
      const summary = await api({ method: 'GET', url: `/api/b2b/balance/summary?year=${y}`, host, token });
      for (const row of monthsOf(summary.json))
        if (site && row.taxInvoice.status === 'ready')
          await issueMonthlyInvoice(db, site, { agencyId: agency, currency }, { year: row.year, month: row.month });
    }
  }

  // ---- today: what waits for someone ----
  // a quotation request waiting for the operator
  await book(
    {
      key: 'demo-dr-request-1',
      token: senior,
      offer: frameTimed,
      adults: 6,
      guest: guest('Grace Okafor', 'grace.o@mail.test'),
    },
    14,
  );
  // a request the operator quoted: the agency's to pay
  const quoted = await book(
    {
      key: 'demo-dr-request-2',
      token: admin,
      offer: skyViews,
      adults: 4,
      guest: guest('Liam Murphy', 'liam.murphy@mail.test'),
    },
    9,
  );
  const [request] = await db
    .select({ status: bookings.status, net: bookings.netTotalMinor })
    .from(bookings)
    .where(eq(bookings.id, quoted));
  if (request?.status === 'request')
    await api({
      method: 'POST',
      url: `/api/admin/requests/${quoted}/quote`,
      token: ops,
      body: {
        netTotal: Math.round(minorToMajor(request.net * 0.95)),
        validHours: 72,
        note: 'Private pod for the group.',
      },
    });
  // a card the bank declined
  await book({
    key: 'demo-dr-12',
    token: junior,
    offer: palm,
    adults: 2,
    guest: guest('Ana Souza', 'ana.souza@mail.test'),
    card: CARD_DECLINED,
  });
  // a bank transfer declared today, waiting for the tours company
  await w.transfer(admin, 'demo-dr-transfer-2', {
    amount: 2_500,
    currencyCode: 'aed',
    daysAgo: 1,
    bankReference: 'ENBD-FT-2307781',
    note: '',
  });
  // last: a new agency's sign-up waiting for approval (it also marks the history done)
  await signUp(app);
}

type SummaryRow = { year: number; month: number; taxInvoice: { status: string } };
const monthsOf = (summary: Json): SummaryRow[] => (summary.rows ?? []) as SummaryRow[];

// A travel agency signs up on the general site, as the sign-up form sends it (its trade licence attached)
async function signUp(app: FastifyInstance) {
  const boundary = '----demo-signup-boundary';
  const fields: Record<string, string> = {
    companyName: 'Palm Oasis Travel LLC',
    tradeLicenseNumber: 'DED-903377',
    tradeLicenseExpiry: '2028-09-30',
    address: 'Unit 12, Gold & Diamond Park, Al Quoz, Dubai',
    country: 'United Arab Emirates',
    city: 'Dubai',
    name: 'Karim Mansour',
    jobTitle: 'Owner',
    email: DEMO_SIGNUP_EMAIL,
    phone: '+971 55 987 6543',
    language: 'en',
    acceptTerms: 'true',
  };
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="tradeLicense"; filename="trade-licence.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/b2b/account/signup',
    remoteAddress: SEED_IP,
    headers: { host: GENERAL, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (res.statusCode !== 200) throw new Error(`demo history: the sign-up answered ${res.statusCode} ${res.body}`);
}
