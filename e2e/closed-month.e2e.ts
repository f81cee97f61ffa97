import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { monthOf, monthRange, previousMonth, toMinor, minorToMajor } from '@portal/contract';
import type { BalanceSummaryResponse, StatementResponse } from '@portal/contract';
import { screenshot } from './support/portal.ts';
import { hasPostgres, portalOnOwnPostgres } from './support/own-postgres-portal.ts';
import { ADMIN, agentSessions } from './support/session.ts';

// SPEC §9: a closed month's UAE tax invoice, downloaded from the balance page, bills what the statement charged.
// A month closes only with time: the demo agency's history (docs/decisions/0110-lived-in-demo.md) has its bookings
// of the last three months, so the last month whose invoice is out (from the 3rd of the next month, Asia/Dubai) has
// balance bookings. This portal runs the demo on a PostgreSQL database of its own (TEST_DATABASE_URL, as in CI):
// the history's path on PostgreSQL. Skipped without it.
const own = portalOnOwnPostgres('e2e_closed_month');
const { api, openAs } = agentSessions(own.portal);

const dubaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());

describe.skipIf(!hasPostgres)('[MONEY][TAX-INVOICE] a closed month on the balance page', () => {
  it("[MONEY][TAX-INVOICE]: last month's tax invoice downloads with its number, both TRNs, VAT 5 % and the statement's total", async () => {
    const today = dubaiToday();
    const last = previousMonth(monthOf(today));
    const month = Number(today.slice(8, 10)) >= 3 ? last : previousMonth(last);

    const range = monthRange(month);
    const statement = await api<StatementResponse>(
      ADMIN,
      `/b2b/balance/statement?from=${range.from}&to=${range.to}&onPage=500`,
    );
    const supplies = statement.entries.filter((e) => e.kind === 'booking' || e.kind === 'refund');
    const charged = supplies.reduce((sum, e) => sum + toMinor(e.debit) - toMinor(e.credit), 0);
    expect(charged).toBeGreaterThan(0);
    const references = [...new Set(supplies.map((e) => e.reference ?? ''))];
    expect(references.length).toBeGreaterThan(0);

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
    for (const reference of references) expect(text).toContain(reference);
    // taxable amount + VAT 5 % = what the statement charged, to the cent
    const vat = Math.round((charged * 5) / 105);
    const aed = (minor: number) => `${minorToMajor(minor).toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`;
    expect(text).toContain(aed(charged - vat));
    expect(text).toContain(aed(vat));
    expect(text).toContain(aed(charged));

    // issued once: a second download is the same invoice
    const [again] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(again.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
    await context.close();
  });
});
