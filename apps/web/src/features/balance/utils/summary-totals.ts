import type { BalanceSummaryResponse } from '@portal/contract';
import { minorToMajor, toMinor } from '@portal/contract/plain';

type SummaryRow = Pick<BalanceSummaryResponse['rows'][number], 'debit' | 'credit' | 'runningBalance'>;
export type SummaryTotals = { debit: number; credit: number; closing: number };

// The summary's total line: the months' debits and credits added in whole cents, and the last month's running
// balance (the opening balance when the year has no month yet)
export function summaryTotals(summary: { openingBalance: number; rows: readonly SummaryRow[] }): SummaryTotals {
  const total = (amount: (row: SummaryRow) => number) =>
    minorToMajor(summary.rows.reduce((sum, row) => sum + toMinor(amount(row)), 0));
  return {
    debit: total((row) => row.debit),
    credit: total((row) => row.credit),
    closing: summary.rows.at(-1)?.runningBalance ?? summary.openingBalance,
  };
}
