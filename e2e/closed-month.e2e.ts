import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayOfMonth, monthOf, monthRange, previousMonth } from '@portal/contract';
import type { BalanceSummaryResponse, StatementResponse } from '@portal/contract';
import { screenshot } from './support/portal.ts';
import { hasPostgres, portalOnOwnPostgres } from './support/own-postgres-portal.ts';
import { agentSessions } from './support/session.ts';
import { bookable, bookingSlots, instantPerPerson } from './support/booking-slots.ts';

// SPEC §9: a closed month's UAE tax invoice, downloaded from the balance page, bills what the statement charged.
// A month closes only with time, so this portal runs on a PostgreSQL database of its own (TEST_DATABASE_URL, as in
// CI) where the test moves the agency's real bookings and ledger entries back into the last month whose invoice is
// out (from the 3rd of the next month, Asia/Dubai). Without PostgreSQL there is no way to move them: skipped.
const ADMIN = 'admin@desertrose.test';
const own = portalOnOwnPostgres('e2e_closed_month');
const { api, openAs } = agentSessions(own.portal);
const { findSlot, bookViaApi } = bookingSlots(api);

const cents = (amount: number) => Math.round(amount * 100);
const dubaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());

// Moves time, not money: the ledger is append-only by trigger, so this session (the test's, on its own database)
// switches triggers off for its two UPDATEs of dates; amounts, order and balances stay as the app wrote them.
async function backdate(agencyId: string, into: string): Promise<void> {
  await own.withClient(async (client) => {
    await client.query('SET session_replication_role = replica');
    await client.query(
      `UPDATE ledger_entries SET created_at = $2::timestamptz + (created_at - (SELECT min(created_at)
         FROM ledger_entries WHERE agency_id = $1)) WHERE agency_id = $1`,
      [agencyId, into],
    );
    await client.query(
      `UPDATE bookings SET created_at = $2::timestamptz + (created_at - (SELECT min(created_at) FROM bookings
         WHERE agency_id = $1)), confirmed_at = $2::timestamptz + (confirmed_at - (SELECT min(created_at)
         FROM bookings WHERE agency_id = $1)) WHERE agency_id = $1`,
      [agencyId, into],
    );
  });
}

describe.skipIf(!hasPostgres)('[MONEY][TAX-INVOICE] a closed month on the balance page', () => {
  it("[MONEY][TAX-INVOICE]: last month's tax invoice downloads with its number, both TRNs, VAT 5 % and the statement's total", async () => {
    // two real bookings from the balance, then the agency's whole history moved back into the month
    const slot = await findSlot(ADMIN, 'aed', instantPerPerson(false), bookable);
    const bookings = [await bookViaApi(ADMIN, slot), await bookViaApi(ADMIN, slot)];
    const today = dubaiToday();
    const last = previousMonth(monthOf(today));
    const month = Number(today.slice(8, 10)) >= 3 ? last : previousMonth(last);
    const { agency } = await api<{ agency: { id: string } }>(ADMIN, '/b2b/account/me');
    // to the 10th of that month, noon in Dubai, keeping the entries' order and the seconds between them
    await backdate(agency.id, `${dayOfMonth(month, 10)}T12:00:00+04:00`);

    const range = monthRange(month);
    const statement = await api<StatementResponse>(
      ADMIN,
      `/b2b/balance/statement?from=${range.from}&to=${range.to}&onPage=500`,
    );
    const charged = statement.entries
      .filter((e) => e.kind === 'booking' || e.kind === 'refund')
      .reduce((sum, e) => sum + cents(e.debit) - cents(e.credit), 0);
    expect(charged).toBe(bookings.reduce((sum, b) => sum + cents(b.amounts.netTotal), 0));

    const { page, context, go } = await openAs(ADMIN);
    await go(`/balance?year=${month.year}`);
    const row = page.locator(`[data-testid="summary-row"][data-month="${month.month}"]`);
    const invoiceButton = row.getByTestId('month-tax-invoice');
    await invoiceButton.waitFor();
    // no proforma for a closed month
    expect(await row.getByTestId('month-proforma').count()).toBe(0);
    await screenshot(page, 'balance-closed-month-1280-en');

    const [download] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    const summary = await api<BalanceSummaryResponse>(ADMIN, `/b2b/balance/summary?year=${month.year}`);
    const invoice = summary.rows.find((r) => r.month === month.month)?.taxInvoice;
    const number = invoice?.number ?? '';
    expect(number).not.toBe('');
    expect(download.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(await download.path())));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`№ ${number}`);
    // the tours company's TRN, then the agency's
    expect(text).toContain('TRN: 100234567800003');
    expect(text.match(/TRN: \d{15}/g)?.length).toBeGreaterThanOrEqual(2);
    for (const booking of bookings) expect(text).toContain(booking.reference);
    // taxable amount + VAT 5 % = what the statement charged, to the cent
    const vat = Math.round((charged * 5) / 105);
    const aed = (minor: number) => `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`;
    expect(text).toContain(aed(charged - vat));
    expect(text).toContain(aed(vat));
    expect(text).toContain(aed(charged));

    // issued once: a second download is the same invoice
    const [again] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(again.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
    await context.close();
  });
});
