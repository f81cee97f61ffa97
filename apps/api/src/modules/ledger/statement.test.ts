import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { createAgency } from '../../../test/factories.ts';
import {
  balanceAtAndCreditsAfter,
  balanceBefore,
  monthlyTotals,
  periodTotals,
  statementEntries,
} from './statement.repo.ts';

// The statement's reads filter on the instant a Dubai date begins (UTC+4, no daylight saving), so an index on
// created_at serves them: entries one millisecond either side of Dubai midnight land on the right day
const t = useTestApp();

describe('statement dates at Dubai midnight', () => {
  it('puts each entry on its Dubai date in every read', async () => {
    const agency = await createAgency(t.database.db);
    const account = { agencyId: agency.id, currency: 'aed' as const };
    const entries: [string, number, number][] = [
      ['2026-09-30T19:59:59.999Z', -10_000, -10_000], // 23:59:59.999 on 30 September in Dubai
      ['2026-09-30T20:00:00.000Z', 3_000, -7_000], // midnight: 1 October
      ['2026-10-31T19:59:59.999Z', -500, -7_500], // the last instant of October
      ['2026-10-31T20:00:00.000Z', 1_000, -6_500], // 1 November
      ['2026-12-31T20:00:00.000Z', 2_000, -4_500], // 1 January 2027
    ];
    await t.database.db.insert(ledgerEntries).values(
      entries.map(([at, amountMinor, balanceAfterMinor], i) => ({
        agencyId: agency.id,
        currency: 'aed' as const,
        amountMinor,
        balanceAfterMinor,
        kind: amountMinor < 0 ? 'booking' : 'deposit',
        description: `Entry ${i}`,
        createdAt: new Date(at),
      })),
    );

    expect(await balanceAtAndCreditsAfter(t.database.db, account, '2026-09-30')).toEqual({
      balanceMinor: -10_000,
      creditsAfterMinor: 6_000,
    });
    expect(await balanceAtAndCreditsAfter(t.database.db, account, '2026-10-31')).toEqual({
      balanceMinor: -7_500,
      creditsAfterMinor: 3_000,
    });
    expect(await balanceBefore(t.database.db, account, '2026-10-01')).toBe(-10_000);
    expect(await balanceBefore(t.database.db, account, '2026-11-01')).toBe(-7_500);
    expect(await periodTotals(t.database.db, account, '2026-10-01', '2026-10-31')).toEqual({
      count: 2,
      debitMinor: 500,
      creditMinor: 3_000,
    });
    const october = await statementEntries(
      t.database.db,
      account,
      { from: '2026-10-01', to: '2026-10-31' },
      { limit: 10 },
    );
    expect(october.map((e) => [e.date, e.amountMinor])).toEqual([
      ['2026-10-01', 3_000],
      ['2026-10-31', -500],
    ]);
    expect(await monthlyTotals(t.database.db, account, 2026)).toEqual([
      { month: 9, debitMinor: 10_000, creditMinor: 0, closingMinor: -10_000 },
      { month: 10, debitMinor: 500, creditMinor: 3_000, closingMinor: -7_500 },
      { month: 11, debitMinor: 0, creditMinor: 1_000, closingMinor: -6_500 },
    ]);
    expect(await monthlyTotals(t.database.db, account, 2027)).toEqual([
      { month: 1, debitMinor: 0, creditMinor: 2_000, closingMinor: -4_500 },
    ]);
  });
});
