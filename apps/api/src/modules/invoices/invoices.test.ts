import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  type CalendarMonth,
  MESSAGES,
  MONEY_MESSAGES,
  balanceRoutes,
  bookingRoutes,
  monthOf,
  minorToMajor,
  monthRange,
  previousMonth,
  toMinor,
} from '@portal/contract';
import { ledgerEntries, taxInvoiceCounters, taxInvoices } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { bookingBody, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { issuerOf } from '../documents/issuer.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import {
  invoiceAvailableFrom,
  issueDueInvoices,
  issueMonthlyInvoice,
  issuerKeyOf,
  taxInvoicePdf,
} from './invoices.service.ts';
import { injectRoute, routeUrl } from '../../../test/inject-route.ts';

const { t, w } = bookingSuite();

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const thisMonth = () => monthOf(dubaiDate());
// a path parameter is text: /b2b/balance/invoices/{year}/{month}/pdf
const monthParams = (m: CalendarMonth) => ({ year: String(m.year), month: String(m.month) });
// always closed, whatever today's day: its invoice is due since the 3rd of last month
const twoMonthsAgo = () => previousMonth(previousMonth(thisMonth()));
const site = (id = 'general') => {
  const found = t.app.deps.sites.byId(id);
  if (!found) throw new Error(`no site ${id}`);
  return found;
};

// An entry dated in a past month, as the ledger's writer would have left it (the ledger only appends)
async function pastEntry(agencyId: string, at: { year: number; month: number }, amountMinor: number, currency = 'aed') {
  const created = new Date(Date.UTC(at.year, at.month - 1, 15, 8, 0, 0));
  await t.database.db.insert(ledgerEntries).values({
    agencyId,
    currency: currency as 'aed' | 'usd',
    amountMinor,
    kind: amountMinor < 0 ? 'booking' : 'refund',
    description: amountMinor < 0 ? 'Booking' : 'Cancellation refund',
    reference: `GF-PAST-${Math.abs(amountMinor)}`,
    balanceAfterMinor: amountMinor,
    createdAt: created,
  });
}

async function invoiceRows(agencyId: string) {
  return t.database.db.select().from(taxInvoices).where(eq(taxInvoices.agencyId, agencyId));
}

describe("the month's tax invoice and proforma", () => {
  it('bill what the statement shows for the month, to the cent: bookings from the balance less their refunds', async () => {
    const kept = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 1 }));
    const cancelled = await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 2, children: 0 }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = await injectRoute(t.app, bookingRoutes.cancel, {
      params: { id: cancelled.json().booking.id },
      token: w.tokens.admin,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const month = thisMonth();
    const { from, to } = monthRange(month);
    const statement = (
      await injectRoute(t.app, balanceRoutes.statement, { query: { from, to, onPage: 500 }, token: w.tokens.admin })
    ).json();
    type Entry = { kind: string; debit: number; credit: number };
    const minor = (entries: Entry[], kind: string, side: 'debit' | 'credit') =>
      entries.filter((e) => e.kind === kind).reduce((sum, e) => sum + toMinor(e[side]), 0);
    const refunded = minor(statement.entries, 'refund', 'credit');
    const charged = minor(statement.entries, 'booking', 'debit') - refunded;
    // 2 adults + 1 child (398) and 2 adults (288) charged, the second refunded by the policy's tier
    expect(refunded).toBeGreaterThan(0);
    expect(charged).toBe(39_800 + 28_800 - refunded);

    const summary = (
      await injectRoute(t.app, balanceRoutes.summary, { query: { year: month.year }, token: w.tokens.admin })
    ).json();
    const row = summary.rows.find((r: { month: number }) => r.month === month.month);
    expect(row.taxInvoice).toEqual({
      status: 'proforma',
      number: null,
      availableFrom: invoiceAvailableFrom(month),
      total: minorToMajor(charged),
    });

    // the month is not closed: a proforma now, the tax invoice from the 3rd of next month
    const early = await injectRoute(t.app, balanceRoutes.taxInvoicePdf, {
      params: monthParams(month),
      token: w.tokens.admin,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual([{ fieldName: 'month', errorMessage: MONEY_MESSAGES.invoiceNotYet }]);
    expect(await invoiceRows(w.agency.id)).toHaveLength(0);

    const proforma = await injectRoute(t.app, balanceRoutes.proformaPdf, {
      params: monthParams(month),
      token: w.tokens.admin,
    });
    expect(proforma.statusCode).toBe(200);
    expect(proforma.headers['content-type']).toBe('application/pdf');
    expect(proforma.headers['cache-control']).toBe('private, no-store');
    const proformaText = await pdfText(proforma.rawPayload);
    expect(proformaText).toContain('PROFORMA INVOICE');
    expect(proformaText).toContain('Not a tax invoice');
    expect(proformaText).toContain(kept.json().booking.reference);
    expect(proformaText).toContain('Cancellation refund');
    expect(proformaText).toContain('398.00 AED');
    expect(proformaText).toContain(`−${minorToMajor(refunded).toFixed(2)} AED`);

    // on the 3rd of next month the invoice is issued once, with the same figures
    const account = { agencyId: w.agency.id, currency: 'aed' as const };
    const issued = await taxInvoicePdf(t.database.db, site(), account, month, invoiceAvailableFrom(month));
    const [invoice] = await invoiceRows(w.agency.id);
    const vat = Math.round((charged * 5) / 105);
    expect(invoice).toMatchObject({ year: month.year, month: month.month, totalMinor: charged, vatMinor: vat });
    expect(invoice?.lines.map((line) => line.amountMinor)).toEqual([39_800, 28_800, -refunded]);
    const text = await pdfText(issued.pdf);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`№ ${invoice?.invoiceNumber}`);
    expect(text).toContain('TRN: 100234567800003');
    // taxable amount + VAT = the total
    const aed = (v: number) => `${minorToMajor(v).toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`;
    expect(text).toContain(aed(charged - vat));
    expect(text).toContain(aed(vat));
    expect(text).toContain(aed(charged));
    expect(issued.fileName).toBe(`tax-invoice-${invoice?.invoiceNumber}.pdf`);
    const again = await taxInvoicePdf(t.database.db, site(), account, month, invoiceAvailableFrom(month));
    expect(again.fileName).toBe(issued.fileName);
    expect(await invoiceRows(w.agency.id)).toHaveLength(1);

    const after = (
      await injectRoute(t.app, balanceRoutes.summary, { query: { year: month.year }, token: w.tokens.admin })
    ).json();
    expect(after.rows.find((r: { month: number }) => r.month === month.month).taxInvoice).toMatchObject({
      status: 'issued',
      number: invoice?.invoiceNumber,
      total: minorToMajor(charged),
    });
  });

  it('numbers run without gaps per issuing company, each month issued once, even when issued concurrently', async () => {
    const month = twoMonthsAgo();
    const agencies = await Promise.all([0, 1, 2].map(() => createAgency(t.database.db)));
    for (const [i, agency] of agencies.entries()) {
      await pastEntry(agency.id, month, -(10_000 + i * 100));
      await pastEntry(agency.id, month, 2_500);
    }
    const tokens = await Promise.all(agencies.map((a) => loginAs(t.app, a.users.admin.email)));
    const [downloads] = await Promise.all([
      Promise.all(
        [...tokens, ...tokens].map((token) =>
          injectRoute(t.app, balanceRoutes.taxInvoicePdf, { params: monthParams(month), token }),
        ),
      ),
      // the job as it runs on the 3rd of the month after: this month is the one it issues
      issueDueInvoices(t.app.deps, invoiceAvailableFrom(month)),
      issueDueInvoices(t.app.deps, invoiceAvailableFrom(month)),
    ]);
    for (const res of downloads) expect(res.statusCode, res.body).toBe(200);

    for (const [i, agency] of agencies.entries()) {
      const rows = await invoiceRows(agency.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.totalMinor).toBe(10_000 + i * 100 - 2_500);
    }
    // every number of the company from 1 to its counter, once
    const issuerKey = issuerKeyOf(issuerOf(site()));
    const numbers = (
      await t.database.db
        .select({ number: taxInvoices.number })
        .from(taxInvoices)
        .where(eq(taxInvoices.issuerKey, issuerKey))
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);
    const [counter] = await t.database.db
      .select()
      .from(taxInvoiceCounters)
      .where(eq(taxInvoiceCounters.issuerKey, issuerKey));
    expect(numbers).toEqual(Array.from({ length: counter?.lastNumber ?? -1 }, (_, i) => i + 1));

    // an issued invoice is never changed
    await expect(
      t.database.db.execute(sql`UPDATE tax_invoices SET total_minor = 0 WHERE agency_id = ${agencies[0]?.id}`),
    ).rejects.toThrow();
  });

  it('a USD account on the Russian site gets its invoice in Russian, in USD, with the VAT also in AED', async () => {
    const month = twoMonthsAgo();
    const agency = await createAgency(t.database.db, { siteId: 'ru', currency: 'usd', language: 'ru' });
    await pastEntry(agency.id, month, -10_500, 'usd');
    const token = await loginAs(t.app, agency.users.admin.email);
    const res = await injectRoute(t.app, balanceRoutes.taxInvoicePdf, { params: monthParams(month), token });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('НАЛОГОВЫЙ СЧЁТ');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('105,00 USD');
    // VAT 5.00 USD × 3.65 = 18.25 AED
    expect(text).toContain('5,00 USD');
    expect(text).toContain('18,25 AED');
  });

  it('refuses bad months, empty months, proformas of closed months and other roles, writing nothing', async () => {
    const agency = await createAgency(t.database.db);
    const [admin, junior] = await Promise.all([
      loginAs(t.app, agency.users.admin.email),
      loginAs(t.app, agency.users.junior.email),
    ]);
    const invoice = balanceRoutes.taxInvoicePdf;
    const cases: [
      typeof invoice | typeof balanceRoutes.proformaPdf,
      { year: string; month: string },
      number,
      unknown,
    ][] = [
      [
        invoice,
        { year: '2026', month: '13' },
        422,
        [{ fieldName: 'month', errorMessage: MONEY_MESSAGES.monthInvalid }],
      ],
      [invoice, { year: '2026', month: '0' }, 422, [{ fieldName: 'month', errorMessage: MONEY_MESSAGES.monthInvalid }]],
      [
        invoice,
        { year: '2026', month: '1.5' },
        422,
        [{ fieldName: 'month', errorMessage: MONEY_MESSAGES.monthInvalid }],
      ],
      [invoice, { year: '1999', month: '5' }, 422, [{ fieldName: 'year', errorMessage: MONEY_MESSAGES.yearInvalid }]],
      [invoice, { year: 'abc', month: '5' }, 422, [{ fieldName: 'year', errorMessage: MONEY_MESSAGES.yearInvalid }]],
      [invoice, { year: '2001', month: '5' }, 404, MONEY_MESSAGES.invoiceNothing],
      [
        balanceRoutes.proformaPdf,
        { year: '2001', month: '5' },
        422,
        [{ fieldName: 'month', errorMessage: MONEY_MESSAGES.proformaMonthClosed }],
      ],
    ];
    for (const [route, params, status, body] of cases) {
      const url = routeUrl(route, { params });
      const res = await injectRoute(t.app, route, { params, token: admin });
      expect(res.statusCode, url).toBe(status);
      if (status === 404) expect(res.body).toBe(body);
      else expect(res.json(), url).toEqual(body);
    }
    const month = thisMonth();
    const empty = await injectRoute(t.app, balanceRoutes.proformaPdf, { params: monthParams(month), token: admin });
    expect(empty.statusCode).toBe(404);
    expect(empty.body).toBe(MONEY_MESSAGES.invoiceNothing);
    const forbidden = await injectRoute(t.app, balanceRoutes.taxInvoicePdf, {
      params: monthParams(month),
      token: junior,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toBe(MESSAGES.forbidden);
    expect(await invoiceRows(agency.id)).toHaveLength(0);
    // nothing charged: nothing issued, no number taken
    expect(await issueMonthlyInvoice(t.database.db, site(), { agencyId: agency.id, currency: 'aed' }, month)).toBe(
      null,
    );
  });

  it("the month's reconciliation xlsx: every entry with its booking, margin and VAT; totals equal the statement's", async () => {
    const month = thisMonth();
    const { from, to } = monthRange(month);
    const statement = (
      await injectRoute(t.app, balanceRoutes.statement, { query: { from, to, onPage: 500 }, token: w.tokens.admin })
    ).json();
    const res = await injectRoute(t.app, balanceRoutes.reconciliationXlsx, {
      params: monthParams(month),
      token: w.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const name = `reconciliation-${from.slice(0, 7)}.xlsx`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = Array.from(sheet?.getSheetValues() ?? [], (row) =>
      Array.isArray(row) ? Array.from(row.slice(1)) : [],
    );
    const header = rows.findIndex((row) => row[0] === 'Date');
    const totalsAt = rows.findIndex((row) => row[0] === 'Totals');
    const entries = rows.slice(header + 1, totalsAt).filter((row) => row.length > 0);
    expect(entries).toHaveLength(statement.total);
    const totals = rows[totalsAt] ?? [];
    expect([totals[6], totals[7]]).toEqual([statement.totalDebit, statement.totalCredit]);
    expect(rows[totalsAt + 1]?.[11]).toBe(statement.closingBalance);
    // the 2 adults + 1 child booking: 398 net, 2 × 169 + 129 = 467 published, 69 margin, 18.95 VAT
    const kept = entries.find((row) => row[8] === 467);
    expect(kept?.slice(5, 11)).toEqual(['Booking from balance', 398, undefined, 467, 69, 18.95]);
    expect(entries.filter((row) => row[5] === 'Refund to balance')).toHaveLength(1);
    expect(entries[0]?.[5]).toBe('Deposit');

    const bad = await injectRoute(t.app, balanceRoutes.reconciliationXlsx, {
      params: { year: '2026', month: '13' },
      token: w.tokens.admin,
    });
    expect(bad.json()).toEqual([{ fieldName: 'month', errorMessage: MONEY_MESSAGES.monthInvalid }]);
    const junior = await injectRoute(t.app, balanceRoutes.reconciliationXlsx, {
      params: monthParams(month),
      token: w.tokens.junior,
    });
    expect(junior.statusCode).toBe(403);
  });

  it('the statement PDF lists the period with its opening and closing balances', async () => {
    const { from, to } = monthRange(thisMonth());
    const res = await injectRoute(t.app, balanceRoutes.statementPdf, { query: { from, to }, token: w.tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${from}-${to}.pdf"`);
    const statement = (
      await injectRoute(t.app, balanceRoutes.statement, { query: { from, to, onPage: 500 }, token: w.tokens.admin })
    ).json();
    const text = await pdfText(res.rawPayload);
    const money = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`;
    expect(text).toContain('STATEMENT');
    expect(text).toContain(money(statement.closingBalance));
    expect(text).toContain(money(statement.totalDebit));
    expect(text).toContain(money(statement.totalCredit));
  });
});
