import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildOwnTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { agencies, agencyBalances, bookings, ledgerEntries, taxInvoices, topUps } from '../../db/schema/index.ts';
import { seedDemoCatalogue } from './catalogue-seed.ts';
import { seedDemoHistory } from './demo-history.ts';
import { demoHistoryDone, demoHistoryUnfinished } from './demo-history-state.ts';
import { seedDemoData } from './demo-seed.ts';

// A start that stops half-way through the history (here: its calls fail from the 30th on, as a process killed
// there would stop making them), then the next start: the history is finished once, nothing is made twice
let t: TestApp;

beforeAll(async () => {
  t = await buildOwnTestApp('demo_history_resume');
  await seedDemoData(t.database.db);
  await seedDemoCatalogue(t.database.db);
}, 60_000);
afterAll(() => t.close());

describe('the demo history after a start that stopped half-way', () => {
  it('is finished by the next start, each thing made once', async () => {
    const db = t.database.db;
    const app = t.app as FastifyInstance & { inject: FastifyInstance['inject'] };
    const inject = app.inject.bind(app);
    let calls = 0;
    app.inject = ((...args: Parameters<typeof inject>) => {
      calls += 1;
      if (calls >= 30) throw new Error('the process stopped here');
      return inject(...args);
    }) as typeof inject;
    await expect(seedDemoHistory(t.app, db)).rejects.toThrow('the process stopped here');
    app.inject = inject;
    expect(await demoHistoryDone(db)).toBe(false);
    expect(await demoHistoryUnfinished(db)).toBe(true);

    expect(await seedDemoHistory(t.app, db)).toBe(true);
    expect(await demoHistoryUnfinished(db)).toBe(false);
    const [desertRose] = await db.select().from(agencies).where(eq(agencies.name, 'Desert Rose Travel LLC'));
    const agencyId = desertRose?.id ?? '';
    const rows = await db.select().from(bookings).where(eq(bookings.agencyId, agencyId));
    // eleven agent bookings and three requests or card attempts of today's, three widget sales: as a clean start
    expect(rows.filter((b) => b.channel === 'widget')).toHaveLength(3);
    expect(rows.filter((b) => b.channel === 'agent')).toHaveLength(14);
    expect(rows.filter((b) => b.status === 'cancelled')).toHaveLength(1);
    const credited = await db
      .select()
      .from(topUps)
      .where(and(eq(topUps.agencyId, agencyId), eq(topUps.status, 'credited')));
    expect(credited).toHaveLength(2);
    const [balance] = await db.select().from(agencyBalances).where(eq(agencyBalances.agencyId, agencyId));
    const [sum] = await db
      .select({ total: sql<string>`sum(${ledgerEntries.amountMinor})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.agencyId, agencyId));
    expect(balance?.balanceMinor).toBe(Number(sum?.total));
    // the same figure as a clean start (README's demo accounts)
    expect(balance?.balanceMinor).toBe(3_646_700);
    // every entry of the history lies in the past: the move ran once, over all of it
    const recent = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.agencyId, agencyId), sql`${ledgerEntries.createdAt} > now() - interval '1 day'`));
    expect(recent[0]?.n).toBe(0);
    expect((await db.select().from(taxInvoices).where(eq(taxInvoices.agencyId, agencyId))).length).toBeGreaterThan(0);
  }, 120_000);
});
