import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildOwnTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { agencies, agencyBalances, bookings, ledgerEntries, taxInvoices, topUps } from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { seedDemoCatalogue } from './catalogue-seed.ts';
import { seedDemoHistory } from './demo-history.ts';
import { DEMO_SIGNUP_EMAIL, demoHistoryDone } from './demo-history-state.ts';
import { seedDemoData } from './demo-seed.ts';

// A fresh seeded database as `npm start` makes it: the demo agencies' three months, made through the routes
let t: TestApp;
let desertRose = '';
let volga = '';
const today = dubaiDate();

beforeAll(async () => {
  t = await buildOwnTestApp('demo_history');
  const db = t.database.db;
  await seedDemoData(db);
  await seedDemoCatalogue(db);
  expect(await seedDemoHistory(t.app, db)).toBe(true);
  const rows = await db.select({ id: agencies.id, name: agencies.name }).from(agencies);
  desertRose = rows.find((r) => r.name === 'Desert Rose Travel LLC')?.id ?? '';
  volga = rows.find((r) => r.name === 'Volga Tours')?.id ?? '';
}, 120_000);
afterAll(() => t.close());

const statuses = async (agencyId: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.agencyId, agencyId))).map((b) => b);

describe('the demo history (issue 28 item 10)', () => {
  it('keeps every demo balance equal to the sum of its ledger, and each entry after the one before it', async () => {
    const db = t.database.db;
    for (const agencyId of [desertRose, volga]) {
      const [balance] = await db.select().from(agencyBalances).where(eq(agencyBalances.agencyId, agencyId));
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.agencyId, agencyId))
        .orderBy(ledgerEntries.seq);
      expect(entries.length).toBeGreaterThan(5);
      expect(balance?.balanceMinor).toBe(entries.reduce((sum, e) => sum + e.amountMinor, 0));
      // the running balance and the dates agree with the order the balance changed in
      let running = 0;
      let last = 0;
      for (const entry of entries) {
        running += entry.amountMinor;
        expect(entry.balanceAfterMinor).toBe(running);
        expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(last);
        last = entry.createdAt.getTime();
      }
      // about three months back, nothing in the future
      expect(entries[0]?.createdAt.getTime()).toBeLessThan(Date.now() - 60 * 86_400_000);
      expect(last).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has a booking in every status, past tours completed and a refund for the cancelled one', async () => {
    const rows = await statuses(desertRose);
    const seen = new Set(rows.map((b) => b.status));
    for (const status of ['completed', 'cancelled', 'request', 'payment_required', 'payment_failed'])
      expect(seen, status).toContain(status);
    expect(rows.filter((b) => b.status === 'completed' && b.date < today).length).toBeGreaterThanOrEqual(8);
    const cancelled = rows.find((b) => b.status === 'cancelled');
    expect(cancelled?.refundMinor).toBeGreaterThan(0);
    expect(cancelled?.cancelledAt?.getTime()).toBeLessThan(Date.now() - 7 * 86_400_000);
    // each reference carries the day it was made
    for (const b of rows) expect(b.reference.slice(2, 8)).toBe(dubaiDate(b.createdAt).slice(2).replace(/-/g, ''));
    expect((await statuses(volga)).filter((b) => b.status === 'completed').length).toBeGreaterThanOrEqual(3);
  });

  it('has a card and a bank top-up credited and a transfer waiting for the tours company', async () => {
    const rows = await t.database.db.select().from(topUps).where(eq(topUps.agencyId, desertRose));
    expect(rows.filter((r) => r.method === 'card' && r.status === 'credited')).toHaveLength(1);
    expect(rows.filter((r) => r.method === 'bank_transfer' && r.status === 'credited')).toHaveLength(1);
    expect(rows.filter((r) => r.method === 'bank_transfer' && r.status === 'pending')).toHaveLength(1);
  });

  it('has a closed month with its tax invoice, and the widget shop has sales with margins', async () => {
    const invoices = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.agencyId, desertRose));
    expect(invoices.length).toBeGreaterThanOrEqual(1);
    const sales = (await statuses(desertRose)).filter((b) => b.channel === 'widget');
    expect(sales.length).toBe(3);
    expect(sales.filter((s) => s.marginStatus === 'credited')).toHaveLength(2);
    expect(sales.filter((s) => s.marginStatus === 'pending')).toHaveLength(1);
    const [pending] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agencies)
      .where(eq(agencies.status, 'pending'));
    expect(pending?.n).toBe(1);
  });

  it('does nothing a second time', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(await demoHistoryDone(t.database.db)).toBe(true);
    expect(await seedDemoHistory(t.app, t.database.db)).toBe(false);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(DEMO_SIGNUP_EMAIL).toMatch(/@/);
  });
});
