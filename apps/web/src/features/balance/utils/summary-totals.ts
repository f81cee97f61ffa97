import type { BalanceSummaryResponse } from '@portal/contract';
import { minorToMajor, toMinor } from '@portal/contract/plain';

export type SummaryTotals = { debit: number; credit: number; closing: number };

// The summary's total line: the months' debits and credits added in whole cents, and the last month's running
// balance (the opening balance when the year has no month yet)
export function summaryTotals(summary: Pick<BalanceSummaryResponse, 'rows' | 'openingBalance'>): SummaryTotals {
  const total = (amount: (row: BalanceSummaryResponse['rows'][number]) => number) =>
    minorToMajor(summary.rows.reduce((sum, row) => sum + toMinor(amount(row)), 0));
  return {
    debit: total((row) => row.debit),
    credit: total((row) => row.credit),
    closing: summary.rows.at(-1)?.runningBalance ?? summary.openingBalance,
  };
}
