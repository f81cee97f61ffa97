import { describe, expect, it } from 'vitest';
import { summaryTotals } from './summary-totals';

const row = (debit: number, credit: number, runningBalance: number) => ({ debit, credit, runningBalance });

describe('summaryTotals: the balance summary total line', () => {
  it('adds debits and credits in whole cents (0.1 + 0.2 is 0.30)', () => {
    const totals = summaryTotals({
      openingBalance: 50,
      rows: [row(0.1, 1000.05, 1049.95), row(0.2, 0, 1049.75), row(138.9, 0.15, 911)],
    });
    expect(totals).toEqual({ debit: 139.2, credit: 1000.2, closing: 911 });
  });

  it('closes at the opening balance when the year has no month yet', () => {
    expect(summaryTotals({ openingBalance: -20.5, rows: [] })).toEqual({ debit: 0, credit: 0, closing: -20.5 });
  });
});
